import Foundation

/// How a receipt writes ambiguous numeric dates such as 04/05/19.
public enum DateOrder: Sendable, Equatable {
    case dayFirst     // 25/12/18: Europe, Malaysia, most of Canada
    case monthFirst   // 12/25/18: United States, some Canadian chains
}
