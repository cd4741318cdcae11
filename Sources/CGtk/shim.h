#include <gtk/gtk.h>
#include <libintl.h>
#include <locale.h>
#include <glib-unix.h>
#include <cairo-svg.h>
#include <malloc.h>
