import GRDB

/// The analysis queue's additions to the schema (migration v2).
enum AnalysisSchema {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2-analysis") { db in
            try db.execute(sql: """
                -- The service's reading, kept whole for the review screen's side-by-side choice.
                ALTER TABLE analysis_jobs ADD COLUMN remote_result TEXT;
                ALTER TABLE analysis_jobs ADD COLUMN remote_id TEXT;
                -- Which receipt fields the result filled (they were empty).
                ALTER TABLE analysis_jobs ADD COLUMN filled_fields TEXT NOT NULL DEFAULT '[]';
                -- One live job per receipt: sending twice, or resuming after a crash, never doubles the work.
                CREATE UNIQUE INDEX analysis_jobs_one_live_per_receipt ON analysis_jobs(receipt_id)
                    WHERE state IN ('pending', 'uploading');
                """)
        }
    }
}
