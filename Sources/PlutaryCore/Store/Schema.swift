import GRDB

/// The store's migrations. Append new ones; never edit a shipped one.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE currencies(
                    code TEXT PRIMARY KEY NOT NULL,
                    exponent INTEGER NOT NULL CHECK (exponent BETWEEN 0 AND 4),
                    symbol TEXT NOT NULL,
                    name TEXT NOT NULL);
                CREATE TABLE merchants(
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    chain TEXT);
                CREATE TABLE categories(
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE COLLATE NOCASE);
                CREATE TABLE image_files(
                    sha256 TEXT PRIMARY KEY NOT NULL,
                    path TEXT NOT NULL,
                    byte_size INTEGER NOT NULL,
                    created_at TEXT NOT NULL);
                CREATE TABLE receipts(
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    merchant_id INTEGER REFERENCES merchants(id) ON DELETE SET NULL,
                    purchase_date TEXT,
                    currency TEXT NOT NULL REFERENCES currencies(code),
                    subtotal_minor INTEGER,
                    tax_minor INTEGER,
                    tip_minor INTEGER,
                    total_minor INTEGER,
                    payment_method TEXT,
                    category_id INTEGER REFERENCES categories(id) ON DELETE SET NULL,
                    notes TEXT NOT NULL DEFAULT '',
                    ocr_text TEXT NOT NULL DEFAULT '',
                    ocr_locale TEXT,
                    image_sha256 TEXT REFERENCES image_files(sha256) ON DELETE SET NULL,
                    source TEXT NOT NULL DEFAULT 'manual',
                    is_fixture INTEGER NOT NULL DEFAULT 0,
                    auto_filled_fields TEXT NOT NULL DEFAULT '[]',
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL);
                CREATE INDEX receipts_by_date ON receipts(purchase_date);
                CREATE INDEX receipts_by_merchant ON receipts(merchant_id);
                CREATE INDEX receipts_by_image ON receipts(image_sha256);
                CREATE TABLE products(
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    normalized_name TEXT NOT NULL,
                    category_id INTEGER REFERENCES categories(id) ON DELETE SET NULL);
                CREATE INDEX products_by_name ON products(normalized_name);
                CREATE TABLE line_items(
                    id TEXT PRIMARY KEY NOT NULL,
                    receipt_id TEXT NOT NULL REFERENCES receipts(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    description TEXT NOT NULL,
                    quantity TEXT NOT NULL DEFAULT '1',
                    unit TEXT,
                    unit_price_minor INTEGER,
                    total_minor INTEGER NOT NULL,
                    discount_minor INTEGER,
                    tax_code TEXT,
                    category_id INTEGER REFERENCES categories(id) ON DELETE SET NULL,
                    product_id INTEGER REFERENCES products(id) ON DELETE SET NULL);
                CREATE INDEX line_items_by_receipt ON line_items(receipt_id, position);
                CREATE INDEX line_items_by_product ON line_items(product_id);
                CREATE TABLE price_records(
                    id INTEGER PRIMARY KEY,
                    product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
                    receipt_id TEXT NOT NULL REFERENCES receipts(id) ON DELETE CASCADE,
                    line_item_id TEXT REFERENCES line_items(id) ON DELETE CASCADE,
                    merchant_id INTEGER REFERENCES merchants(id) ON DELETE SET NULL,
                    purchase_date TEXT,
                    currency TEXT NOT NULL REFERENCES currencies(code),
                    unit_price_minor INTEGER NOT NULL,
                    unit TEXT);
                CREATE INDEX price_records_by_product ON price_records(product_id, purchase_date);
                CREATE INDEX price_records_by_receipt ON price_records(receipt_id);
                CREATE TABLE exchange_rates(
                    day TEXT NOT NULL,
                    base TEXT NOT NULL,
                    quote TEXT NOT NULL,
                    rate TEXT NOT NULL,
                    source TEXT NOT NULL DEFAULT 'manual',
                    PRIMARY KEY(base, quote, day));
                CREATE TABLE analysis_jobs(
                    id TEXT PRIMARY KEY NOT NULL,
                    receipt_id TEXT REFERENCES receipts(id) ON DELETE CASCADE,
                    image_sha256 TEXT,
                    provider TEXT NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('pending', 'uploading', 'done', 'failed')),
                    attempts INTEGER NOT NULL DEFAULT 0,
                    last_error TEXT,
                    next_attempt_at TEXT,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL);
                CREATE INDEX analysis_jobs_by_state ON analysis_jobs(state, next_attempt_at);
                -- rowid is receipts.seq: a stable integer key, unlike the implicit rowid.
                CREATE VIRTUAL TABLE receipt_search USING fts5(
                    merchant, items, category, notes, ocr_text,
                    tokenize = 'unicode61 remove_diacritics 2');
                """)
            for currency in Currency.known {
                try db.execute(
                    sql: "INSERT INTO currencies(code, exponent, symbol, name) VALUES (?, ?, ?, ?)",
                    arguments: [currency.code, currency.exponent, currency.symbol, currency.name])
            }
        }
        AnalysisSchema.register(in: &migrator)
        AnalyticsMigration.register(in: &migrator)
        TrendsMigration.register(in: &migrator)
        ItemTotalsMigration.register(in: &migrator)
        MonthPricesMigration.register(in: &migrator)
        PriceRecordsByItemMigration.register(in: &migrator)
        return migrator
    }
}
