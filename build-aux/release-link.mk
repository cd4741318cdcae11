# How `make build` links the release binary, all in one place (included by the Makefile, which sets
# SWIFT first). The floor programs of `make bench` are linked with the same options (STATIC_CXX_LINK,
# SWIFT_LINK), so that they measure what Triad's own link gives.

# --static-swift-stdlib: the Swift runtime is linked in, so the binary runs without /opt/swift.
# --disable-local-rpath: SwiftPM would give the binary a RUNPATH of $ORIGIN, and the dynamic loader
# would then look for each of the binary's libraries in its own folder (/usr/bin, /app/bin) before
# the system's, a failed open per library at every start; Triad ships no shared library of its own.
BUILD_FLAGS  := -c release --static-swift-stdlib --disable-local-rpath
# --no-export-dynamic: SwiftPM links an executable with --export-dynamic, which puts every public
# symbol of Triad's modules in the binary's dynamic symbol table. Nothing looks them up (no library
# Triad loads calls back into it by name: GtkBuilder files name no signal handlers, and a crash's
# backtrace reads the full symbol table), but the dynamic loader searches the executable first for
# every symbol of every library, and the table and its strings become resident at each start.
BUILD_FLAGS  += -Xlinker --no-export-dynamic

# Swift imports its regex library (_StringProcessing) into every file unless told not to, and a
# statically linked program then carries it, with protocol conformances that every conformance
# lookup at start-up scans. Triad uses no regex (its few text searches are in
# TriadModel/Support/Text.swift), so the release build leaves it out of every module.
BUILD_FLAGS  += -Xswiftc -Xfrontend -Xswiftc -disable-implicit-string-processing-module-import

# The C++ runtime linked in too. The Swift runtime uses only a few of libstdc++'s symbols and
# libgcc's unwinder, but the shared libstdc++ costs every start its own resident pages and the
# symbol lookups of one more library before main (docs/BENCHMARKS.md, "Start-up phases"). Only the
# archive members the runtime needs are linked, and --exclude-libs (in Swift's static link) keeps
# them private. The archive is found through a folder that holds it alone, because the link asks
# for -lstdc++ by name; where the compiler has no libstdc++.a, the shared one is linked as before.
STATIC_CXX   := $(abspath $(wildcard $(shell "$(dir $(SWIFT))clang" -print-file-name=libstdc++.a 2>/dev/null)))
ifneq ($(STATIC_CXX),)
STATIC_CXX_LINK := -L$(CURDIR)/build/static-c++ -Xclang-linker -static-libgcc
BUILD_FLAGS  += $(addprefix -Xswiftc ,$(STATIC_CXX_LINK))
endif
build/static-c++/libstdc++.a: $(STATIC_CXX)
	@mkdir -p $(dir $@)
	ln -sf "$<" $@

# The linker: lld from the Swift toolchain, where it has one, for two things gold cannot do.
# --symbol-ordering-file lays out side by side the functions a start runs (listed in
# build-aux/startup-order.txt by `make startup-order`): spread through the whole program, they
# would make most of its code resident; together they fill a few pages. -z pack-relative-relocs
# (DT_RELR) packs the relative relocations of a position-independent Swift binary into a compact
# bitmap instead of a table that every start reads in full; glibc runs such binaries from 2.36 on,
# so it is asked only of a build machine whose glibc has it.
LLD           := $(wildcard $(dir $(SWIFT))ld.lld)
STARTUP_ORDER := build-aux/startup-order.txt
GLIBC_RELR    := $(shell getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ split($$2, v, "."); if (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) print "yes" }')
ifneq ($(LLD),)
# As swiftc options, which the floor programs take too.
SWIFT_LINK    := -use-ld=lld $(if $(GLIBC_RELR),-Xlinker -z -Xlinker pack-relative-relocs)
BUILD_FLAGS   += $(addprefix -Xswiftc ,$(SWIFT_LINK)) -Xlinker --symbol-ordering-file=$(CURDIR)/$(STARTUP_ORDER) -Xlinker --no-warn-symbol-ordering
endif

# SQLite linked in too, where pkg-config's library folder has its archive (Debian's
# libsqlite3-dev installs it) and the linker is lld: the SQLite functions a start runs are then laid
# out with the rest (see --symbol-ordering-file above) instead of making the whole shared library's
# code resident, and the dynamic loader has one library less to find and relocate. CSQLite's module
# map asks for -lsqlite3 by name, and the linker takes the first folder that has that name as a
# shared library or an archive; a folder whose only library is the archive must therefore be
# searched first. SwiftPM puts every link option after the folders pkg-config names (among them the
# system's library folder, which has the shared libsqlite3.so), so the link goes through a two-line
# script in that folder that runs lld with the folder first (make test-install checks the binary
# needs no shared SQLite). zlib and libm are what the archive itself needs (sqlite3.pc's private
# libraries).
# The cost: a SQLite security fix reaches such a build of Triad when it is built again, as with the
# Swift runtime linked in above. `make build STATIC_SQLITE=` (empty) links the shared library
# instead, as the flatpak does, so that the runtime's updates keep its SQLite patched; so does a
# plain `swift build`.
STATIC_SQLITE := $(if $(LLD),$(wildcard $(shell pkg-config --variable=libdir sqlite3 2>/dev/null)/libsqlite3.a))
ifneq ($(STATIC_SQLITE),)
BUILD_FLAGS  += -Xswiftc -ld-path=$(CURDIR)/build/static-sqlite/ld.lld -Xlinker -lz -Xlinker -lm
endif
build/static-sqlite/libsqlite3.a: $(STATIC_SQLITE)
	@mkdir -p $(dir $@)
	ln -sf "$<" $@
build/static-sqlite/ld.lld: build-aux/release-link.mk
	@mkdir -p $(dir $@)
	printf '#!/bin/sh\nexec "%s" -L"%s" "$$@"\n' "$(LLD)" "$(CURDIR)/build/static-sqlite" > $@
	chmod +x $@
