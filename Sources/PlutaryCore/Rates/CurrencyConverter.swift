import Foundation

/// Converts money between currencies at the rate of a day: the nearest rate on
/// or before that day. A pair with no direct rate goes through EUR (the ECB's
/// base). When no rate is known, conversion answers nil: rates are never guessed.
public struct CurrencyConverter: Sendable {
    private struct Quote: Sendable {
        let day: String
        let rate: Decimal
    }

    private struct Leg {
        let day: String
        let rate: Decimal
    }

    /// Per "BASE/QUOTE", the rates sorted by day.
    private let series: [String: [Quote]]

    public init(rates: [ExchangeRate]) {
        var series: [String: [Quote]] = [:]
        for rate in rates where rate.rate > 0 {
            series["\(rate.base)/\(rate.quote)", default: []].append(Quote(day: rate.day, rate: rate.rate))
        }
        self.series = series.mapValues { $0.sorted { $0.day < $1.day } }
    }

    public var isEmpty: Bool { series.isEmpty }

    /// How many units of `to` one unit of `from` buys on `day`, or nil when unknown.
    public func rate(from: String, to: String, on day: String) -> Decimal? {
        path(from: from.uppercased(), to: to.uppercased(), on: day)?.rate
    }

    /// `money` in `currency` at the rate of `day`, rounded to the currency's minor unit.
    public func convert(_ money: Money, to currency: String, on day: String) -> Money? {
        let target = currency.uppercased()
        if money.currency == target { return money }
        guard let rate = rate(from: money.currency, to: target, on: day) else { return nil }
        return Self.apply(rate, to: money.minorUnits, from: money.exponent, to: target)
    }

    /// Minor units of one currency times a rate, as minor units of `target`.
    public static func apply(_ rate: Decimal, to minorUnits: Int64, from exponent: Int, to target: String) -> Money? {
        let targetExponent = Currency.exponent(of: target)
        var value = Decimal(minorUnits) * rate
        if targetExponent > exponent {
            value *= Money.powerOfTen(targetExponent - exponent)
        } else if exponent > targetExponent {
            value /= Money.powerOfTen(exponent - targetExponent)
        }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        let number = NSDecimalNumber(decimal: rounded)
        guard number.compare(NSDecimalNumber(value: Int64.max)) == .orderedAscending,
              number.compare(NSDecimalNumber(value: Int64.min)) == .orderedDescending else { return nil }
        return Money(minorUnits: number.int64Value, currency: target)
    }

    /// The freshest way from one currency to another: direct, inverse, or through
    /// EUR. A path is as old as its oldest leg; the youngest path wins.
    private func path(from: String, to: String, on day: String) -> Leg? {
        if from == to { return Leg(day: day, rate: 1) }
        var candidates: [Leg] = []
        if let direct = leg(from: from, to: to, on: day) { candidates.append(direct) }
        if from != "EUR", to != "EUR", let first = leg(from: from, to: "EUR", on: day), let second = leg(from: "EUR", to: to, on: day) {
            candidates.append(Leg(day: min(first.day, second.day), rate: first.rate * second.rate))
        }
        // max(by:) keeps the first of equals: a direct rate beats a cross rate of the same age.
        return candidates.max { $0.day < $1.day }
    }

    private func leg(from: String, to: String, on day: String) -> Leg? {
        let direct = latest(in: series["\(from)/\(to)"], onOrBefore: day)
        let inverse = latest(in: series["\(to)/\(from)"], onOrBefore: day)
        switch (direct, inverse) {
        case let (d?, i?): return d.day >= i.day ? Leg(day: d.day, rate: d.rate) : Leg(day: i.day, rate: 1 / i.rate)
        case let (d?, nil): return Leg(day: d.day, rate: d.rate)
        case let (nil, i?): return Leg(day: i.day, rate: 1 / i.rate)
        case (nil, nil): return nil
        }
    }

    private func latest(in quotes: [Quote]?, onOrBefore day: String) -> Quote? {
        guard let quotes, !quotes.isEmpty else { return nil }
        var low = 0, high = quotes.count
        while low < high {
            let mid = (low + high) / 2
            if quotes[mid].day <= day { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : quotes[low - 1]
    }
}
