import Glibc

/// A C library opened the first time a feature needs it (`dlopen`), not linked into the program:
/// a linked library, and the libraries it needs, are loaded, relocated and bound before `main` at
/// every start, whether or not the start uses them. libpwquality and cracklib would cost every
/// start that work for a registration dialog most starts never open (Security/PWQuality.swift).
///
/// Functions are looked up by name (`dlsym`) as the pointer types the C module's shim header
/// declares with `__typeof__` from the library's own header, so a signature cannot drift from it.
/// The library stays loaded for the life of the process.
public struct SharedLibrary: @unchecked Sendable {  // a dlopen handle: usable from any thread
    private let handle: UnsafeMutableRawPointer
    /// The library's file name, as given (its soname).
    public let name: String

    /// Opens `soname` (e.g. "libcrypt.so.1"); nil when the system has no such library.
    public init?(_ soname: String) {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else { return nil }
        self.handle = handle
        name = soname
    }

    /// The function `symbol`, as the C function pointer type `Function`; nil if the library has
    /// no such symbol.
    public func function<Function>(_ symbol: String, as _: Function.Type) -> Function? {
        precondition(
            MemoryLayout<Function>.size == MemoryLayout<UnsafeMutableRawPointer>.size,
            "\(Function.self) is not a C function pointer type")
        guard let address = dlsym(handle, symbol) else { return nil }
        return unsafeBitCast(address, to: Function.self)
    }
}
