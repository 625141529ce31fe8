"""Copy outputs from an executed notebook (e.g. run on the GPU machine) into the course notebook, cell by cell where
the source is unchanged; error outputs are dropped. Only `cuda` and `slow` cells are merged: the others keep the
outputs of the local CPU run. Usage: python tools/merge_outputs.py EXECUTED.ipynb nbs/NAME.ipynb"""
import json, sys
src, dst = (json.load(open(p)) for p in sys.argv[1:3])
by_source = {}
for c in src["cells"]:
    if c["cell_type"] == "code": by_source.setdefault("".join(c["source"]), c.get("outputs", []))
n = 0
for c in dst["cells"]:
    if c["cell_type"] != "code" or not any(f in "".join(c["source"]) for f in ("#| cuda", "#| slow")): continue
    outs = [o for o in by_source.get("".join(c["source"]), []) if o.get("output_type") != "error"]
    if outs and any(o.get("output_type") != "error" for o in outs): c["outputs"] = outs; n += 1
json.dump(dst, open(sys.argv[2], "w"), indent=1, ensure_ascii=False)
print(f"{sys.argv[2]}: outputs of {n} cells merged")
