#include <libintl.h>
#include <locale.h>
