# Thin glue: install what the build needs, build, run, test.
SWIFT ?= swift
BUILD_DIR := .build
BIN := $(BUILD_DIR)/debug/plutary
SCHEMA_DIR := $(BUILD_DIR)/schemas
E2E_OUT ?= $(CURDIR)/e2e-screenshots

# Debian/Ubuntu packages for building, running and testing.
APT_PACKAGES := pkg-config libgtk-4-dev libsqlite3-dev libtesseract-dev libleptonica-dev libsecret-1-dev \
	tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim tesseract-ocr-fra tesseract-ocr-deu \
	libglib2.0-bin dconf-gsettings-backend gettext desktop-file-utils appstream \
	fonts-dejavu-core fonts-noto-cjk \
	xvfb xauth dbus dbus-x11 at-spi2-core python3 python3-pyatspi gnome-keyring imagemagick xdotool

.PHONY: all deps build schemas run test unit-test e2e bench clean

all: build

deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing missing packages:" $$missing; \
		if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y --no-install-recommends $$missing; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 is required: install it from https://swift.org/install and put it on PATH."; exit 1; }

schemas: deps
	@mkdir -p $(SCHEMA_DIR)
	glib-compile-schemas --strict --targetdir=$(SCHEMA_DIR) data

build: deps schemas
	$(SWIFT) build

run: build
	$(BIN) $(ARGS)

unit-test: build
	xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- $(SWIFT) test

e2e: build
	bash Tests/e2e/run.sh $(BIN) $(E2E_OUT)

test: unit-test e2e

# Benchmarks print markdown tables; the real receipts are used when ../shared is there.
RECEIPTS ?= $(CURDIR)/../shared/receipts
bench: deps schemas
	$(SWIFT) build -c release
	bash Benchmarks/ocr_bench.sh $(BUILD_DIR)/release/plutary $(RECEIPTS)
	bash Benchmarks/accuracy_bench.sh $(BUILD_DIR)/release/plutary $(RECEIPTS)
	bash Benchmarks/analytics_bench.sh $(BUILD_DIR)/release/plutary

clean:
	rm -rf $(BUILD_DIR)
