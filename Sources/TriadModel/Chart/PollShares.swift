/// Each option's share of a poll's votes: exact fractions for drawing the pie, whole percentages
/// for its labels and the table.
public enum PollShares {
    /// Each count's share of the total; all 0 when the total is 0 (an empty pie, not a division
    /// by zero).
    public static func fractions(_ votes: [Int]) -> [Double] {
        let total = votes.reduce(0, +)
        guard total > 0 else { return votes.map { _ in 0 } }
        return votes.map { Double($0) / Double(total) }
    }

    /// Whole percentages that add up to exactly 100 when the total is above 0, by the largest
    /// remainder method: each share is rounded down, then the points still missing go one each to
    /// the shares that lost most to rounding. Rounding each share to the nearest whole number
    /// instead can add up to 99 or 101 (three equal thirds give 33 each), which a reader of the
    /// labels takes for a mistake. Equal remainders go to the earlier row, so the same votes
    /// always give the same labels. All 0 when the total is 0.
    ///
    /// Counts are at most `Int32.max`, so a count times 100 and the total of twelve of them are
    /// far inside `Int`, and the arithmetic is exact.
    public static func percentages(_ votes: [Int]) -> [Int] {
        let total = votes.reduce(0, +)
        guard total > 0 else { return votes.map { _ in 0 } }
        var shares = votes.map { $0 * 100 / total }
        let remainders = votes.map { $0 * 100 % total }
        let missing = 100 - shares.reduce(0, +)
        // The remainders add up to `missing` times the total and each is below the total, so at
        // least `missing` rows have one: a row without votes never gets a point.
        let order = remainders.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for row in order.prefix(missing) { shares[row] += 1 }
        return shares
    }
}
