"""Stands in for a screen reader during large_store_bench.sh: listens to the events Orca listens
to and, for each, asks the widget that sent it for its name, role and number of children, as a
screen reader does before speaking. Prints a running count; runs until killed. Needs Debian's python3-pyatspi
(/usr/bin/python3)."""
import pyatspi

EVENTS = ("focus:", "object:state-changed:focused", "object:state-changed:selected",
          "object:state-changed:expanded", "object:children-changed", "object:property-change:accessible-name",
          "object:text-changed", "object:text-caret-moved", "object:selection-changed", "object:active-descendant-changed")
answered = 0


def heard(event):
    global answered
    try:
        source = event.source
        _ = (source.name, source.getRoleName(), source.childCount)
        answered += 1
        print(f"events answered: {answered}", flush=True)
    except Exception:  # a widget gone before it was asked: a screen reader moves on too
        pass


pyatspi.Registry.registerEventListener(heard, *EVENTS)
print("listening", flush=True)
pyatspi.Registry.start()
