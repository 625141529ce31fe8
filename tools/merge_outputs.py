"""Copy the outputs of `cuda`, `multigpu` and `slow` cells from a notebook executed elsewhere (the GPU machine) into
the course notebook. The other cells keep the outputs of the local CPU run.

Usage: python tools/merge_outputs.py EXECUTED.ipynb nbs/NAME.ipynb [--flags cuda multigpu slow]

A cell is matched by its source, which must be unchanged since the run. A cell whose run ended in an error, or that
did not run there (no outputs), keeps its old outputs and is listed. The course notebook is rewritten; run
`nbdev_clean` after it."""
import argparse, json, re


def flags(source: str) -> set:
    "The names of the `#|` directives at the top of a cell."
    found = set()
    for line in source.splitlines():
        m = re.match(r"#\|\s*([\w-]+)", line)
        if not m:
            break
        found.add(m.group(1))
    return found


def merge(executed: dict, course: dict, wanted: set) -> tuple[int, list[str]]:
    "Merge outputs into `course` in place; return (cells merged, notes on the cells not merged)."
    ran = {}
    for c in executed["cells"]:
        if c["cell_type"] == "code":
            ran.setdefault("".join(c["source"]), c.get("outputs", []))
    merged, notes = 0, []
    for i, c in enumerate(course["cells"]):
        src = "".join(c["source"])
        if c["cell_type"] != "code" or not wanted & flags(src):
            continue
        outs, head = ran.get(src), next((x for x in src.splitlines() if not x.startswith("#|")), "")[:60]
        if outs is None:
            notes.append(f"cell {i} ({head}): source changed since the run, not merged")
        elif any(o.get("output_type") == "error" for o in outs):
            notes.append(f"cell {i} ({head}): failed there, not merged")
        elif not outs:
            notes.append(f"cell {i} ({head}): no output there (not run?), not merged")
        else:
            c["outputs"] = outs
            merged += 1
    return merged, notes


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("executed")
    p.add_argument("course")
    p.add_argument("--flags", nargs="*", default=["cuda", "multigpu", "slow"])
    args = p.parse_args()
    with open(args.executed) as f:
        executed = json.load(f)
    with open(args.course) as f:
        course = json.load(f)
    merged, notes = merge(executed, course, set(args.flags))
    with open(args.course, "w") as f:
        json.dump(course, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{args.course}: outputs of {merged} cells merged")
    for n in notes:
        print("  " + n)


if __name__ == "__main__":
    main()
