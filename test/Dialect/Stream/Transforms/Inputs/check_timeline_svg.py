#!/usr/bin/env python3
"""Checks an SVG written by --sluice-stream-dump-timeline: it must parse as XML
(what a browser needs), every region, wait, slab, slot and host wait must carry
a <title> tooltip, and labels must fit their boxes. Prints element counts and
labels per function for FileCheck (with the regions and slots that belong
to callees looked into, class `in-callee`, counted apart)."""
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
CHAR_WIDTH = 6.5


def classes(e):
    return e.get("class", "").split()


def main(path):
    root = ET.parse(path).getroot()
    assert root.tag == NS + "svg", root.tag
    width, height = float(root.get("width")), float(root.get("height"))
    print(f"svg {root.get('viewBox')}")
    # Parent map: tooltips are <title> children of the element or its <g>.
    parents = {child: parent for parent in root.iter() for child in parent}

    def has_title(e):
        for owner in (e, parents.get(e)):
            if owner is not None and owner.find(NS + "title") is not None:
                return True
        return False

    for fn in root.iter(NS + "g"):
        if "function" not in classes(fn):
            continue
        counts = {}
        callee_counts = {}
        for e in fn.iter():
            if "in-callee" in classes(e):
                for c in ("region", "slot"):
                    if c in classes(e):
                        callee_counts[c] = callee_counts.get(c, 0) + 1
            for c in classes(e):
                if c in ("region", "wait", "slab", "slot", "host-wait", "lane"):
                    counts[c] = counts.get(c, 0) + 1
                    assert has_title(e), f"{c} without a <title>"
                    if e.tag == NS + "rect":
                        x, w = float(e.get("x")), float(e.get("width"))
                        assert 0 <= x and x + w <= width + 0.5, "rect outside the picture"
        labels = [t.text for t in fn.iter(NS + "text") if "region-label" in classes(t)]
        # A drawn label fits its region box.
        for g in fn.iter(NS + "g"):
            rect, text = g.find(NS + "rect"), g.find(NS + "text")
            if rect is not None and text is not None and "region" in classes(rect):
                assert len(text.text) * CHAR_WIDTH + 4 <= float(rect.get("width")) + 0.01, "label overflows"
        heading = next(t.text for t in fn.iter(NS + "text") if "heading" in classes(t))
        print(f"function {heading}")
        line = "  " + " ".join(f"{k}={counts.get(k, 0)}" for k in ("lane", "region", "wait", "host-wait", "slab", "slot"))
        if callee_counts:  # regions and slots of callees (calls looked into)
            line += " " + " ".join(f"callee-{k}={callee_counts.get(k, 0)}" for k in ("region", "slot"))
        print(line)
        print(f"  region labels: {len(labels)} {' '.join(labels[:8])}")
    assert height > 0


if __name__ == "__main__":
    main(sys.argv[1])
