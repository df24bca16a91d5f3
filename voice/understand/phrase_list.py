"""The templates as text a player reads: the phrase list of ``--help``."""

from __future__ import annotations

from voice.understand.expression import Alt, Expr, Opt, Ref, Seq, Word
from voice.understand.matching import Block, BlockKind, Templates, wager_multiple


def phrase_list(templates: Templates) -> str:
    """What players can say, block by block, for ``--help``."""
    out: list[str] = []
    named: list[str] = []  # long rules, shown once at the end
    current = None
    for template in templates.templates:
        if template.block != current:
            current = template.block
            out.append(f"\n{_title(current)}:")
        out.append("  " + render(templates, template.expr, named=named))
    if named:
        out.append("\nwhere")
        out += [f"  <{name}> is {render(templates, templates.rules[name])}" for name in named]
    return "\n".join(out).lstrip("\n")


def render(templates: Templates, expr: Expr, *, top: bool = True,
           named: list[str] | None = None) -> str:
    """An expression as readable text: rules spelled out (or, when long and
    ``named`` is given, named and added to it) and slots as <names>."""
    if isinstance(expr, Word):
        return expr.text
    if isinstance(expr, Seq):
        return " ".join(render(templates, item, top=False, named=named) for item in expr.items)
    if isinstance(expr, Alt):
        body = " | ".join(render(templates, o, top=False, named=named) for o in expr.options)
        return body if top else f"({body})"
    if isinstance(expr, Opt):
        return f"[{render(templates, expr.item, named=named)}]"
    if isinstance(expr, Ref):
        spelled = render(templates, templates.rules[expr.name], top=top, named=named)
        if named is None or len(spelled) <= _SPELL_OUT:
            return spelled
        if expr.name not in named:
            named.append(expr.name)
        return f"<{expr.name}>"
    return f"<{expr.name}>"


_SPELL_OUT = 36  # longer rules are named in the phrase list, and spelled out once

_BLOCK_TITLES = {
    BlockKind.FOLD: "Fold",
    BlockKind.CHECK: "Check",
    BlockKind.CALL: "Call",
    BlockKind.ALLIN: "All in",
    BlockKind.WAGER: "Bet or raise",
    BlockKind.QUERY: "Ask",
    BlockKind.CONTROL: "Table",
    BlockKind.CONFIRM: "Yes",
    BlockKind.DENY: "No",
    BlockKind.CHOOSE: "On a screen, set",
}


def _title(block: Block) -> str:
    title = _BLOCK_TITLES[block.kind]
    value = block.value
    if value is None:
        return title
    if block.kind is not BlockKind.WAGER:
        return f"{title} ({value.replace('_', ' ')})"
    if value == "bare":
        return "A number alone (said back to you, not acted on)"
    if (times := wager_multiple(value)) is not None:
        return f"{title} {times} times the bet"
    if value == "pot":
        return f"{title} the pot"
    if value == "min":
        return f"{title} the minimum"
    return f"{title} {value.replace('_', ' ')} pot"

