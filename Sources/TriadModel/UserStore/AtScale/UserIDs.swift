/// The ids of a list of users, in order, kept as small as the list allows: a contiguous range
/// (the whole table when no row was ever deleted: no memory per row at all), that range without a
/// few ids (a search that nearly every row matches, such as one letter), or an explicit list
/// (other searches). A list with an id per row is slow to build for a huge table, and freeing it
/// when the next search replaces it holds up the main loop, on which the next frame waits.
public enum UserIDs: Sendable, Equatable, RandomAccessCollection {
    /// `count` ids in a row from `first`.
    case range(first: Int64, count: Int)
    /// `first…last` without `holes`: ascending, each inside the range.
    case rangeWithout(first: Int64, last: Int64, holes: [Int64])
    /// These ids, one by one.
    case list([Int64])

    /// The first position: 0.
    public var startIndex: Int { 0 }
    /// The position past the last id: ``count``.
    public var endIndex: Int { count }

    /// How many ids there are, worked out without going through them.
    public var count: Int {
        switch self {
        case .range(_, let count): count
        case .rangeWithout(let first, let last, let holes): Int(last - first + 1) - holes.count
        case .list(let ids): ids.count
        }
    }

    /// The id at `index` (from 0), found without going through the ids before it.
    public subscript(index: Int) -> Int64 {
        switch self {
        case .range(let first, _): first + Int64(index)
        case .rangeWithout(let first, _, let holes): first + Int64(index) + Int64(Self.holes(holes, before: index, from: first))
        case .list(let ids): ids[index]
        }
    }

    /// How many holes come before the `index`-th id of the range. The hole at position `j` has
    /// `holes[j] - first - j` ids of the list before it, a count that never decreases with `j`:
    /// the holes before the `index`-th id are those with at most `index` ids before them, found
    /// by a binary search.
    private static func holes(_ holes: [Int64], before index: Int, from first: Int64) -> Int {
        var low = 0
        var high = holes.count
        while low < high {
            let middle = (low + high) / 2
            if holes[middle] - first - Int64(middle) <= Int64(index) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
