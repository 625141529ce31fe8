"Write README.md from nbs/index.ipynb (nbdev_readme needs quarto, which is not installable here)."
import json, pathlib
root = pathlib.Path(__file__).resolve().parent.parent
nb = json.loads((root / "nbs/index.ipynb").read_text())
parts = []
for c in nb["cells"]:
    src = "".join(c["source"])
    if c["cell_type"] == "markdown":
        if src.startswith("# "):  # the title cell: drop nbdev's '> summary' quote marker
            src = src.replace("\n> ", "\n\n> ", 1)
        parts.append(src)
    elif not src.lstrip().startswith("#| hide"):
        parts.append("```python\n" + src + "\n```")
        for o in c.get("outputs", []):
            text = o.get("text") or o.get("data", {}).get("text/plain")
            if text: parts.append("```\n" + "".join(text).rstrip() + "\n```")
(root / "README.md").write_text("\n\n".join(parts) + "\n")
print("README.md written")
