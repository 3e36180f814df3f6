"""Tests for check_translatable.py: planted untranslated literals are caught, and
translated or wordless ones are not. Lines of the fixture that must be reported
end in `// BAD`."""
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_translatable  # noqa: E402

CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_translatable.py")

FIXTURE = r'''
import CGtk
import GtkKit

@MainActor
final class PlantedView {
    init(count: Int, name: String) {
        let title = Widgets.label("Receipts", css: ["title-2"])  // BAD
        let fine = Widgets.label(tr("Receipts"), css: ["title-2"], xalign: 0)
        let empty = Widgets.label("", css: ["dim-label"])
        title.setLabel("Total: \(count)")  // BAD
        title.setLabel("\(count)")
        title.setLabel(String(format: tr("%d receipts"), count))
        title.setLabel(String(format: "%d receipts", count))  // BAD
        title.setLabel(String(format: trn("%d receipt", "%d receipts", count), count))
        title.setLabel(count > 1 ? tr("Many") : "One")  // BAD
        title.setLabel([name, tr("Total")].joined(separator: "   ·   "))
        title.setLabel("%d")
        title.setLabel("\(tr("Total")): \(count)")
        title.tooltip = "Open the receipt"  // BAD
        title.tooltip = tr("Open the receipt")
        title.setAccessibleLabel("Main menu")  // BAD
        let page = StatusPage.make(icon: "view-list-symbolic", title: tr("No products yet"),
                                   hint: "Save a receipt first.")  // BAD
        let button = Widgets.iconButton("list-add-symbolic", tooltip: "Add")  // BAD
        let ok = Widgets.iconButton("list-add-symbolic", tooltip: tr("Add"))
        table.addTextColumn("Merchant", expand: true) { $0.merchant }  // BAD
        table.addTextColumn(tr("Merchant"), expand: true) { $0.merchant }
        gtk_widget_set_tooltip_text(button.widget, "Delete")  // BAD
        gtk_widget_set_tooltip_text(button.widget, tr("Delete"))
        g_menu_append(menu, "_About Plutary", "app.about")  // BAD
        g_menu_append(menu, tr("_About Plutary"), "app.about")
        gtk_menu_button_set_icon_name(button.opaque, "open-menu-symbolic")
        entry.setProperty("placeholder-text", string: "Search")  // BAD
        entry.setProperty("icon-name", string: "edit-find-symbolic")
        window.title = "Plutary"  // BAD
        stack.addStackPage(root, name: "receipts", title: tr("Receipts"))
        stack.addStackPage(root, name: "receipts", title: "Receipts")  // BAD
        let brand = Widgets.label("Tesseract")  // i18n-ignore: a product name
        let xml = """
            <object class="GtkShortcutsGroup"><property name="title">\(escape(tr("General")))</property>
            <property name="title">Navigation</property>  // BAD
            <property name="accelerator">&lt;Control&gt;q</property>
            """
        let raw = Widgets.label(#"Back\slash"#)  // BAD
        /* Widgets.label("commented out") */
        // Widgets.label("also commented out")
        let text = "a local string is not a sink by itself"
    }
}
'''


def bad_lines(source):
    return {number for number, line in enumerate(source.split("\n"), start=1) if line.rstrip().endswith("// BAD")}


class CheckTranslatableTests(unittest.TestCase):
    def test_reports_exactly_the_planted_lines(self):
        found = {finding.line for finding in check_translatable.check_source(FIXTURE)}
        expected = bad_lines(FIXTURE)
        self.assertEqual(sorted(found - expected), [], "reported lines that are fine")
        self.assertEqual(sorted(expected - found), [], "missed planted untranslated literals")

    def test_reports_the_text_itself(self):
        texts = {finding.text for finding in check_translatable.check_source(FIXTURE)}
        self.assertIn("Receipts", texts)
        self.assertIn("Total: \\(…)", texts)
        self.assertIn("Navigation", texts)

    def test_command_fails_on_a_planted_literal_and_passes_once_it_is_translated(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "Planted.swift")
            with open(path, "w", encoding="utf-8") as f:
                f.write('let label = Widgets.label("Untranslated", xalign: 0)\n')
            failed = subprocess.run([sys.executable, CHECKER, folder], capture_output=True, text=True)
            self.assertEqual(failed.returncode, 1, failed.stdout)
            self.assertIn(f"{path}:1:", failed.stdout)
            with open(path, "w", encoding="utf-8") as f:
                f.write('let label = Widgets.label(tr("Untranslated"), xalign: 0)\n')
            passed = subprocess.run([sys.executable, CHECKER, folder], capture_output=True, text=True)
            self.assertEqual(passed.returncode, 0, passed.stdout)

    def test_wordless_literals_pass(self):
        for text in ["", "   ·   ", "%d", "%1$@ – %2$@", "42", "document-open-symbolic"]:
            source = f'Widgets.label("{text}")\n'
            self.assertEqual(check_translatable.check_source(source), [], text)


if __name__ == "__main__":
    unittest.main(verbosity=1)
