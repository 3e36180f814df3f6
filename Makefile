# Thin glue: install what the build needs, build, run, test, install.
SWIFT ?= swift
BUILD_DIR := .build
BIN := $(BUILD_DIR)/debug/plutary
SCHEMA_DIR := $(BUILD_DIR)/schemas
E2E_OUT ?= $(CURDIR)/e2e-screenshots

APP_ID := io.github.plutary.Plutary
# `make install` builds this configuration; the Flatpak adds --static-swift-stdlib.
PREFIX ?= /usr/local
DESTDIR ?=
BUILD_CONFIG ?= release
SWIFT_BUILD_FLAGS ?=
bindir := $(PREFIX)/bin
libdir := $(PREFIX)/lib
datadir := $(PREFIX)/share

# Translations: .mo files under .build/locale for running from the source tree,
# and the desktop file and metainfo with their translations merged in.
LINGUAS := $(shell sed 's/\#.*//' po/LINGUAS)
LOCALE_DIR := $(BUILD_DIR)/locale
MO_FILES := $(foreach lang,$(LINGUAS),$(LOCALE_DIR)/$(lang)/LC_MESSAGES/plutary.mo)
PO_FILES := $(foreach lang,$(LINGUAS),po/$(lang).po)
GEN_DIR := $(BUILD_DIR)/data
DESKTOP := $(GEN_DIR)/$(APP_ID).desktop
METAINFO := $(GEN_DIR)/$(APP_ID).metainfo.xml
POT_DATA := data/$(APP_ID).desktop data/$(APP_ID).metainfo.xml data/$(APP_ID).gschema.xml
ICONS := icons/hicolor/scalable/apps/$(APP_ID).svg icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
# Locales the translated e2e and install tests run under.
TEST_LOCALES := fr_FR de_DE en_US

# Debian/Ubuntu packages for building, running and testing.
APT_PACKAGES := pkg-config libgtk-4-dev libsqlite3-dev libtesseract-dev libleptonica-dev libsecret-1-dev libpoppler-glib-dev \
	tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim tesseract-ocr-fra tesseract-ocr-deu \
	libglib2.0-bin dconf-gsettings-backend gettext desktop-file-utils appstream flatpak-builder locales \
	fonts-dejavu-core fonts-noto-cjk libsane1 sane-utils \
	xvfb xauth dbus dbus-x11 at-spi2-core python3 python3-pip python3-pyatspi python3-cairo qpdf gnome-keyring imagemagick xdotool

# PP-OCR: ONNX Runtime's C library and PaddleOCR's models (Apache-2.0, packaged by RapidOCR) come
# from their PyPI wheels, pinned by version and SHA-256. The wheels are looked for in WHEEL_DIR
# first (the Flatpak places them there) and downloaded only when missing; the library and models
# are unpacked into .build/ppocr, which the binary finds when run from the source tree.
WHEEL_DIR ?= $(BUILD_DIR)/wheels
PPOCR_DIR := $(BUILD_DIR)/ppocr
ORT_VERSION := 1.32.0
ORT_WHEEL := onnxruntime-$(ORT_VERSION)-cp311-cp311-manylinux_2_28_x86_64.whl
ORT_SHA256 := 5a34fc4dfeb5a7b4a74c95dcba1e773d722abda720b474edf1b0c419dc6d163d
RAPIDOCR_VERSION := 3.10.0
RAPIDOCR_WHEEL := rapidocr-$(RAPIDOCR_VERSION)-py3-none-any.whl
RAPIDOCR_SHA256 := 2fc34e26cd0f48514804a94f8832283039c7334076bff60768b1fed9ad068050
ORT_LIB := libonnxruntime.so.$(ORT_VERSION)
PPOCR_MODELS := PP-OCRv6_det_small.onnx PP-OCRv6_rec_small.onnx ch_ppocr_mobile_v2.0_cls_mobile.onnx
PPOCR_FILES := $(PPOCR_DIR)/lib/$(ORT_LIB) $(addprefix $(PPOCR_DIR)/models/,$(PPOCR_MODELS))
# Writes one member of a zip file to stdout; python3 is there wherever the build is (unzip may not be).
UNZIP_MEMBER := python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))'

.PHONY: all deps system-deps ppocr locales build schemas mo data run test unit-test e2e install-test validate \
	install uninstall pot po po-check bench fuzz fit clean

all: build

deps: system-deps ppocr

# Outside Debian/Ubuntu (a Flatpak SDK, another distribution) the tools must already be there.
system-deps:
	@if ! command -v dpkg-query >/dev/null; then exit 0; fi; \
	missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing missing packages:" $$missing; \
		if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y --no-install-recommends $$missing; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 is required: install it from https://swift.org/install and put it on PATH."; exit 1; }

ppocr: $(PPOCR_FILES)

# --platform and --python-version pin the wheel whatever python runs pip.
$(WHEEL_DIR)/$(ORT_WHEEL): | system-deps
	python3 -m pip download --quiet --no-deps --only-binary=:all: --platform manylinux_2_28_x86_64 \
		--python-version 311 onnxruntime==$(ORT_VERSION) -d $(WHEEL_DIR)

$(WHEEL_DIR)/$(RAPIDOCR_WHEEL): | system-deps
	python3 -m pip download --quiet --no-deps --only-binary=:all: rapidocr==$(RAPIDOCR_VERSION) -d $(WHEEL_DIR)

# Order-only on the wheels: once unpacked, nothing is downloaded again. A wheel that fails its
# checksum is deleted, so the next run downloads it afresh.
$(PPOCR_FILES) &: | $(WHEEL_DIR)/$(ORT_WHEEL) $(WHEEL_DIR)/$(RAPIDOCR_WHEEL)
	@for pair in $(ORT_SHA256):$(WHEEL_DIR)/$(ORT_WHEEL) $(RAPIDOCR_SHA256):$(WHEEL_DIR)/$(RAPIDOCR_WHEEL); do \
		echo "$${pair%%:*}  $${pair#*:}" | sha256sum --check --quiet || { rm -f "$${pair#*:}"; exit 1; }; \
	done
	@mkdir -p $(PPOCR_DIR)/lib $(PPOCR_DIR)/models
	$(UNZIP_MEMBER) $(WHEEL_DIR)/$(ORT_WHEEL) onnxruntime/capi/$(ORT_LIB) > $(PPOCR_DIR)/lib/$(ORT_LIB)
	for model in $(PPOCR_MODELS); do \
		$(UNZIP_MEMBER) $(WHEEL_DIR)/$(RAPIDOCR_WHEEL) rapidocr/models/$$model > $(PPOCR_DIR)/models/$$model || exit 1; \
	done
	@touch $(PPOCR_FILES)

# GTK only honours LANGUAGE when setlocale succeeds, so the translated tests need real locales.
locales: deps
	@missing=$$(for l in $(TEST_LOCALES); do locale -a | grep -qix "$$l.utf-\?8" || echo $$l; done); \
	if [ -n "$$missing" ]; then \
		echo "Generating locales:" $$missing; \
		if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
		for l in $$missing; do $$SUDO sed -i "s/^# *\($$l.UTF-8 UTF-8\)/\1/" /etc/locale.gen; done; \
		$$SUDO locale-gen; \
	fi

schemas: deps
	@mkdir -p $(SCHEMA_DIR)
	glib-compile-schemas --strict --targetdir=$(SCHEMA_DIR) data

$(LOCALE_DIR)/%/LC_MESSAGES/plutary.mo: po/%.po | deps
	@mkdir -p $(@D)
	msgfmt --check -o $@ $<

mo: $(MO_FILES)

$(GEN_DIR)/%.desktop: data/%.desktop $(PO_FILES) po/LINGUAS | deps
	@mkdir -p $(@D)
	msgfmt --desktop --template=$< -d po -o $@

$(GEN_DIR)/%.metainfo.xml: data/%.metainfo.xml $(PO_FILES) po/LINGUAS | deps
	@mkdir -p $(@D)
	msgfmt --xml --template=$< -d po -o $@

data: $(DESKTOP) $(METAINFO)

build: deps schemas mo
	$(SWIFT) build

run: build
	$(BIN) $(ARGS)

# One test at a time: the tests that start, time and kill the real binary miss their moment when
# other tests block the two cores' cooperative threads (seen: a 30 s wait resumed only after 60 s).
unit-test: build
	xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- $(SWIFT) test --no-parallel

e2e: build locales
	bash Tests/e2e/run.sh $(BIN) $(E2E_OUT)
	bash Tests/e2e/run_translated.sh $(BIN) $(E2E_OUT)

# Installs the debug build into a temporary prefix and runs it from there.
install-test: build locales
	bash Tests/desktop/install_test.sh

validate: deps data
	desktop-file-validate data/$(APP_ID).desktop $(DESKTOP)
	appstreamcli validate --no-net data/$(APP_ID).metainfo.xml $(METAINFO)
	glib-compile-schemas --strict --dry-run data
	for po in $(PO_FILES); do msgfmt --check -o /dev/null $$po || exit 1; done
	python3 Tests/desktop/check_icons.py data/$(APP_ID).desktop data/icons
	python3 Tests/desktop/check_translatable_test.py
	python3 Tests/desktop/check_translatable.py Sources/PlutaryApp
	python3 Tests/desktop/check_flatpak_test.py
	python3 Tests/desktop/check_flatpak.py flatpak/$(APP_ID).json

test: po-check validate unit-test e2e install-test

install: mo data ppocr
	$(SWIFT) build -c $(BUILD_CONFIG) $(SWIFT_BUILD_FLAGS)
	install -Dm755 $(BUILD_DIR)/$(BUILD_CONFIG)/plutary $(DESTDIR)$(bindir)/plutary
	install -Dm644 $(DESKTOP) $(DESTDIR)$(datadir)/applications/$(APP_ID).desktop
	install -Dm644 $(METAINFO) $(DESTDIR)$(datadir)/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 data/$(APP_ID).gschema.xml $(DESTDIR)$(datadir)/glib-2.0/schemas/$(APP_ID).gschema.xml
	glib-compile-schemas $(DESTDIR)$(datadir)/glib-2.0/schemas
	for icon in $(ICONS); do install -Dm644 data/$$icon $(DESTDIR)$(datadir)/$$icon || exit 1; done
	install -Dm644 data/style.css $(DESTDIR)$(datadir)/plutary/style.css
	install -Dm644 $(PPOCR_DIR)/lib/$(ORT_LIB) $(DESTDIR)$(libdir)/plutary/$(ORT_LIB)
	for model in $(PPOCR_MODELS); do install -Dm644 $(PPOCR_DIR)/models/$$model \
		$(DESTDIR)$(datadir)/plutary/models/$$model || exit 1; done
	for lang in $(LINGUAS); do install -Dm644 $(LOCALE_DIR)/$$lang/LC_MESSAGES/plutary.mo \
		$(DESTDIR)$(datadir)/locale/$$lang/LC_MESSAGES/plutary.mo || exit 1; done

# uninstall recompiles what other schemas remain, or drops the compiled file that still holds ours.
uninstall:
	rm -f $(DESTDIR)$(bindir)/plutary $(DESTDIR)$(datadir)/applications/$(APP_ID).desktop \
		$(DESTDIR)$(datadir)/metainfo/$(APP_ID).metainfo.xml $(DESTDIR)$(datadir)/glib-2.0/schemas/$(APP_ID).gschema.xml \
		$(addprefix $(DESTDIR)$(datadir)/,$(ICONS)) $(DESTDIR)$(datadir)/plutary/style.css \
		$(DESTDIR)$(libdir)/plutary/$(ORT_LIB) $(addprefix $(DESTDIR)$(datadir)/plutary/models/,$(PPOCR_MODELS)) \
		$(foreach lang,$(LINGUAS),$(DESTDIR)$(datadir)/locale/$(lang)/LC_MESSAGES/plutary.mo)
	-rmdir $(DESTDIR)$(datadir)/plutary/models $(DESTDIR)$(datadir)/plutary $(DESTDIR)$(libdir)/plutary
	schemas=$(DESTDIR)$(datadir)/glib-2.0/schemas; \
	if ls $$schemas/*.gschema.xml >/dev/null 2>&1; then glib-compile-schemas $$schemas; else rm -f $$schemas/gschemas.compiled; fi

# po/POTFILES: every Swift source that calls tr("…") or trn("…"). The data files
# go first because the last xgettext run writes the header. The C lexer does not
# know Swift's """ literals and warns about them; the messages are still found.
# POTFILES and POT can point elsewhere, which po-check uses.
POTFILES ?= po/POTFILES
POT ?= po/plutary.pot
pot: deps
	@mkdir -p $(BUILD_DIR) $(dir $(POT)) $(dir $(POTFILES))
	grep -rlE '\btrn?\("' Sources --include='*.swift' | LC_ALL=C sort > $(POTFILES)
	xgettext --from-code=UTF-8 --add-comments=Translators: -o $(POT) $(POT_DATA)
	xgettext --join-existing --language=C --keyword=tr --keyword=trn:1,2 --from-code=UTF-8 --add-comments=Translators: \
		--package-name=plutary --package-version=0.1.0 --copyright-holder="The Plutary developers" \
		--msgid-bugs-address=https://github.com/plutary/plutary/issues --files-from=$(POTFILES) -o $(POT) \
		2>$(BUILD_DIR)/xgettext.log; status=$$?; grep -v 'unterminated string literal' $(BUILD_DIR)/xgettext.log >&2; exit $$status

# Fails unless po/ is up to date with the sources and every message is translated in
# every language: the check for after `make pot && make po` and translating.
po-check: deps
	$(MAKE) --no-print-directory pot POTFILES=$(BUILD_DIR)/po-check/POTFILES POT=$(BUILD_DIR)/po-check/plutary.pot
	@cmp -s po/POTFILES $(BUILD_DIR)/po-check/POTFILES || { echo "po/POTFILES is out of date: run make pot"; exit 1; }
	@for lang in $(LINGUAS); do \
		msgmerge --quiet -o $(BUILD_DIR)/po-check/$$lang.po po/$$lang.po $(BUILD_DIR)/po-check/plutary.pot || exit 1; \
		left=$$(msgattrib --no-obsolete --untranslated $(BUILD_DIR)/po-check/$$lang.po; msgattrib --no-obsolete --only-fuzzy $(BUILD_DIR)/po-check/$$lang.po); \
		if [ -n "$$left" ]; then echo "po/$$lang.po lacks translations (make pot && make po, then translate):"; echo "$$left"; exit 1; fi; \
		echo "po/$$lang.po: every message translated"; \
	done

po: deps
	for lang in $(LINGUAS); do msgmerge --update --backup=none --previous po/$$lang.po po/plutary.pot || exit 1; done

# The benchmark prints one markdown table; the real receipts are used when ../shared is there.
RECEIPTS ?= $(CURDIR)/../shared/receipts
# OCR text of the dev receipts, read once per engine (minutes) for the extraction benchmark and
# the fit: $(OCR_CACHE)/ppocr and $(OCR_CACHE)/tesseract. The fit uses both, so its weights hold on
# clean and on noisy text.
OCR_CACHE := .build-cache/ocr
bench: deps schemas
	$(SWIFT) build -c release
	bash Benchmarks/bench.sh $(BUILD_DIR)/release/plutary $(RECEIPTS)
	bash Benchmarks/ppocr_bench.sh $(BUILD_DIR)/release/plutary $(RECEIPTS)
	bash Benchmarks/photo_bench.sh $(BUILD_DIR)/release/plutary $(RECEIPTS)
	if [ -d "$(RECEIPTS)/sroie-dev" ]; then \
		for engine in ppocr tesseract; do \
			bash Benchmarks/ocr_cache.sh $(BUILD_DIR)/release/plutary $(RECEIPTS) $(OCR_CACHE) $$engine && \
			python3 Benchmarks/extraction_bench.py $(BUILD_DIR)/release/plutary $(RECEIPTS) $(OCR_CACHE)/$$engine || exit 1; \
		done && \
		bash Benchmarks/parse_speed.sh $(BUILD_DIR)/release/plutary $(OCR_CACHE)/ppocr; \
	else bash Benchmarks/parse_speed.sh $(BUILD_DIR)/release/plutary; fi
	python3 Benchmarks/written_bench.py $(BUILD_DIR)/release/plutary --photos ppocr --photos tesseract
	for set in unseen unseen2 unseen3 unseen4 unseen5 unseen6 unseen7 unseen8 unseen9 unseen10 unseen11 unseen12 unseen13 unseen14 unseen15; do \
		python3 Benchmarks/written_bench.py $(BUILD_DIR)/release/plutary --set $$set --photos ppocr --photos tesseract || exit 1; \
	done
	bash Benchmarks/analytics_bench.sh $(BUILD_DIR)/release/plutary
	bash Benchmarks/search_stalls.sh $(BUILD_DIR)/release/plutary
	LARGE_STORE_DIR=$(BUILD_DIR)/bench-store bash Benchmarks/large_store_bench.sh $(BUILD_DIR)/release/plutary

# Not part of `test` (the unit tests run a short version): a million generated inputs
# each through parse and import, crashes and the slowest input kept under .build/fuzz.
FUZZ_COUNT ?= 1000000
fuzz: deps
	$(SWIFT) build -c release --product plutary
	python3 Tests/fuzz/fuzz.py $(BUILD_DIR)/release/plutary --count $(FUZZ_COUNT) --out $(BUILD_DIR)/fuzz

# Refits the candidate scoring weights on the tuning half (never the check half) and rewrites
# Sources/PlutaryCore/Parsing/ScoringWeights.swift; needs numpy and scipy.
fit: build
	bash Benchmarks/ocr_cache.sh $(BIN) $(RECEIPTS) $(OCR_CACHE) ppocr
	bash Benchmarks/ocr_cache.sh $(BIN) $(RECEIPTS) $(OCR_CACHE) tesseract
	python3 Benchmarks/fit_weights.py $(BIN) $(RECEIPTS) $(OCR_CACHE) Sources/PlutaryCore/Parsing/ScoringWeights.swift
	$(SWIFT) build

clean:
	rm -rf $(BUILD_DIR)
