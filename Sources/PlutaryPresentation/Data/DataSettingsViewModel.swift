import Foundation
import Observation
import PlutaryCore

/// Settings → Data: what can be removed, each with what it holds, a
/// confirmation that sums it up, and the report of what went; plus importing
/// a JSON export back.
@MainActor
@Observable
public final class DataSettingsViewModel {
    public private(set) var preview = ResetPreview()
    public private(set) var selection: Set<ResetCategory> = []
    public private(set) var isWorking = false
    /// What the last reset or import did, line by line.
    public private(set) var report: [String] = []
    public private(set) var reportHasFailure = false

    @ObservationIgnored private let reset: DataReset
    @ObservationIgnored private let importer: ReceiptImporter
    @ObservationIgnored private let preferences: any PreferenceStore
    @ObservationIgnored private let backupImport = LatestLoad()
    /// Called after data changed, so other screens reload.
    @ObservationIgnored public var onDataChanged: () -> Void = {}

    public init(environment: AppEnvironment) {
        reset = environment.reset
        importer = environment.backupImporter
        preferences = environment.preferences
    }

    /// Counts every category again.
    public func refresh() async {
        preview = await reset.preview(preferences: preferences)
    }

    public var choices: [ResetChoice] {
        let everything = selection.contains(.everything)
        return ResetCategory.allCases.map { category in
            let detail: String
            if let failure = preview.failures[category] {
                detail = String(format: tr("unknown: %@"), failure)
            } else {
                detail = category.countText(preview.counts[category] ?? 0)
            }
            return ResetChoice(category: category, title: category.title, detail: detail,
                               isSelected: everything || selection.contains(category),
                               isEnabled: category == .everything || !everything)
        }
    }

    public func setSelected(_ category: ResetCategory, _ selected: Bool) {
        if selected { selection.insert(category) } else { selection.remove(category) }
    }

    public var canReset: Bool { !selection.isEmpty && !isWorking }

    /// The categories that will run, "everything" standing for all.
    private var effective: [ResetCategory] {
        selection.contains(.everything) ? ResetCategory.allCases : ResetCategory.allCases.filter(selection.contains)
    }

    public var confirmationHeading: String {
        selection.contains(.everything) ? tr("Remove all your data?") : tr("Remove the selected data?")
    }

    /// One line per category with what it will remove; says it cannot be undone.
    public var confirmationBody: String {
        var lines = effective.compactMap { category -> String? in
            // Sample receipts are part of "all receipts" when both are chosen.
            if category == .fixtureReceipts, effective.contains(.receipts) { return nil }
            // A translated pattern: French writes a space before the colon, Chinese a full-width colon.
            return String(format: tr("• %1$@: %2$@"), category.title, category.countText(preview.counts[category] ?? 0))
        }
        if selection.contains(.everything) {
            lines.append(tr("Plutary will be as after a fresh install."))
        }
        lines.append(tr("This cannot be undone. Export or back up first if you may need the data again."))
        return lines.joined(separator: "\n")
    }

    public var confirmLabel: String {
        selection.contains(.everything) ? tr("_Remove Everything") : tr("_Remove")
    }

    /// Runs the confirmed reset, then counts again.
    public func performReset() async {
        guard canReset else { return }
        isWorking = true
        let outcomes = await reset.run(selection, preferences: preferences)
        report = outcomes.map { outcome in
            if let error = outcome.error {
                return String(format: tr("%@: not removed (%@)"), outcome.category.title, error)
            }
            return String(format: tr("%@: removed %@"), outcome.category.title, outcome.category.countText(outcome.removed))
        }
        reportHasFailure = outcomes.contains { !$0.succeeded }
        selection = []
        await refresh()
        isWorking = false
        onDataChanged()
    }

    /// Reads a JSON export back (off the main actor); the store is unchanged when it fails.
    public func importBackup(from url: URL) async {
        guard !isWorking else { return }
        isWorking = true
        report = [String(format: tr("Importing %@…"), url.lastPathComponent)]
        reportHasFailure = false
        let importer = importer
        guard let outcome = await backupImport.run({ try await importer.importFile(at: url) }) else { return }
        switch outcome {
        case .success(let result):
            report = [String(format: tr("Imported %d new and %d updated receipts from %@."), result.inserted, result.updated,
                             url.lastPathComponent)]
            if result.missingImages > 0 {
                report.append(String(format: trn("%d receipt named an image this store does not hold; its image link was dropped.",
                                                 "%d receipts named images this store does not hold; their image links were dropped.",
                                                 result.missingImages), result.missingImages))
            }
        case .failure(let error):
            report = [(error as? LocalizedError)?.errorDescription ?? error.localizedDescription]
            reportHasFailure = true
        }
        await refresh()
        isWorking = false
        onDataChanged()
    }
}
