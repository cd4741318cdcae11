#include <pwquality.h>
