#include <pwquality.h>

/* libpwquality is opened when the password meter is first made (SharedLibrary.swift), not
 * linked: these are its functions' pointer types, taken from its own declarations. */
typedef __typeof__(pwquality_default_settings) *triad_pwquality_default_settings_function;
typedef __typeof__(pwquality_free_settings) *triad_pwquality_free_settings_function;
typedef __typeof__(pwquality_set_int_value) *triad_pwquality_set_int_value_function;
typedef __typeof__(pwquality_set_str_value) *triad_pwquality_set_str_value_function;
typedef __typeof__(pwquality_check) *triad_pwquality_check_function;
typedef __typeof__(pwquality_strerror) *triad_pwquality_strerror_function;
