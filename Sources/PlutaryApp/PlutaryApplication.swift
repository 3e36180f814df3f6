import GtkKit
