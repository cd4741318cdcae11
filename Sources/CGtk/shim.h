#include <gtk/gtk.h>
#include <libintl.h>
#include <locale.h>
