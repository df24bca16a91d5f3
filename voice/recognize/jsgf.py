"""JSGF grammars of the templates, for pocketsphinx's finite-state search.

How much of the templates' filler and how many number forms a grammar keeps is a
:class:`GrammarOptions`: the default keeps all the parser reads, and
:data:`RECOGNIZER_GRAMMAR` what a recognizer decodes best with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from voice.understand.expression import Alt, Expr, Opt, Ref, Seq, Word
from voice.understand.matching import Template, Templates
from voice.understand.numbers import DECADE_VALUES, HOMOPHONES, TEEN_VALUES, UNIT_VALUES


@dataclass(frozen=True, slots=True)
class GrammarOptions:
    """How much of the templates' filler and number forms a JSGF grammar keeps.

    The default keeps all the parser reads: filler phrases repeated, hesitations, and
    the homophones it reads as digits ("raise to to fifty"). A recognizer wants less:
    every optional short word is somewhere to hide a misheard sound, and ``*`` loops of
    filler made the grammar decode at several times real time (see
    :data:`RECOGNIZER_GRAMMAR`).
    """

    prefix: bool = True
    suffix: bool = True
    hesitations: bool = True
    repeat: bool = True  # any number of filler phrases at each end, not at most one
    homophones: bool = True  # "to", "too" and "for" as number words
    parser_only: bool = True  # the words the template file marks @parser_only


RECOGNIZER_GRAMMAR = GrammarOptions(prefix=False, suffix=False, hesitations=False,
                                    repeat=False, homophones=False, parser_only=False)
"""One command, no filler, well-formed numbers, no parser-only synonyms: pocketsphinx's
grammar mode."""


def jsgf(templates: Templates, options: GrammarOptions | None = None,
         known: Callable[[str], bool] | None = None, name: str = "holdem") -> str:
    """A JSGF grammar of the templated utterances, as much filler and as many
    number forms as ``options`` keep (by default all the parser reads). Words for
    which ``known`` is false, and parser-only words unless kept, are made
    unreachable (``<VOID>``): a recognizer whose dictionary lacks one still loads
    the rest."""
    opts = options or GrammarOptions()
    dropped = frozenset() if opts.parser_only else templates.parser_only
    say = _JsgfWriter(lambda word: word not in dropped and (known is None or known(word)),
                      templates.rules)
    blocks: dict[str, list[Template]] = {}
    for template in templates.templates:
        blocks.setdefault(template.block.label, []).append(template)
    lines = ["#JSGF V1.0;", "", f"grammar {name};", ""]
    commands = " | ".join(f"<{_say_rule(label)}>" for label in blocks)
    hesitations = sorted(templates.hesitation) if opts.hesitations else []
    utterance = [f"( {commands} )"]
    fillers = []
    for rule, filler, wanted in (("filler_before", templates.prefix, opts.prefix),
                                 ("filler_after", templates.suffix, opts.suffix)):
        choices = ([say(filler)] if filler is not None and wanted else []) + hesitations
        if choices:
            fillers.append(f"<{rule}> = {' | '.join(choices)};")
            end = f"<{rule}>*" if opts.repeat else f"[ <{rule}> ]"
            utterance.insert(0 if rule == "filler_before" else len(utterance), end)
    lines.append(f"public <utterance> = {' '.join(utterance)};")
    lines += fillers
    for label, members in blocks.items():
        said = [text for t in members if (text := say.say(t.expr)) is not None]
        body = " | ".join(f"( {text} )" for text in said) or "<VOID>"
        lines.append(f"<{_say_rule(label)}> = {body};")
    lines += [f"<{rule}> = {say(expr)};" for rule, expr in templates.rules.items()]
    for slot, values in templates.lists.items():
        body = " | ".join(f"( {say(e)} )" for e in values.values())
        lines.append(f"<slot_{slot}> = {body};")
    lines += _number_rules(opts.homophones)
    return "\n".join(lines) + "\n"


def _say_rule(label: str) -> str:
    return "say_" + label.replace(" ", "_")


class _JsgfWriter:
    """Template expressions as JSGF, with words outside ``known`` unreachable: the
    alternatives, sequences and optional parts that need one are left out, and only
    what is left with nothing to say becomes ``<VOID>``."""

    def __init__(self, known: Callable[[str], bool], rules: Mapping[str, Expr]):
        self.known = known
        self.rules = rules

    def __call__(self, expr: Expr) -> str:
        return self.say(expr) or "<VOID>"

    def say(self, expr: Expr) -> str | None:
        """The JSGF of ``expr``, None if it cannot be said."""
        if isinstance(expr, Word):
            return expr.text if self.known(expr.text) else None
        if isinstance(expr, Seq):
            items = [self.say(item) for item in expr.items]
            if any(item is None for item in items):
                return None
            return " ".join(item for item in items if item)
        if isinstance(expr, Alt):
            options = [said for option in expr.options if (said := self.say(option)) is not None]
            return "( " + " | ".join(options) + " )" if options else None
        if isinstance(expr, Opt):
            said = self.say(expr.item)
            return f"[ {said} ]" if said else ""
        if isinstance(expr, Ref):
            return f"<{expr.name}>" if self.say(self.rules[expr.name]) is not None else None
        if expr.name in ("amount", "increment", "blinds"):
            return "<number>"
        return f"<slot_{expr.name}>"


def _words(*tables: Mapping[str, object]) -> str:
    return " | ".join(word for table in tables for word in table)


def _number_rules(homophones: bool) -> list[str]:
    """Spoken numbers, covering contract 2's forms: "two hundred (and) fifty", "a
    hundred", "fifteen hundred", "two fifty", "one oh five", "a grand", "one point five
    k", and multiples "two and a half", "two point five"."""
    units = _words(UNIT_VALUES, HOMOPHONES) if homophones else _words(UNIT_VALUES)
    return [
        f"<num_unit> = {units};",
        f"<num_teen> = {_words(TEEN_VALUES)};",
        f"<num_decade> = {_words(DECADE_VALUES)};",
        "<num_tens> = <num_teen> | <num_decade> [ <num_unit> ];",
        "<num_99> = <num_unit> | <num_tens>;",
        "<num_hundreds> = ( a | <num_99> ) hundred [ [ and ] <num_99> ];",
        "<num_pair> = <num_99> ( <num_tens> | oh <num_unit> );",
        "<num_999> = <num_99> | <num_hundreds> | <num_pair>;",
        "<num_thousands> = ( a | <num_999> | <num_unit> point <num_unit> )"
        " ( thousand | grand | k ) [ [ and ] <num_999> ];",
        "<number> = <num_999> | <num_thousands>;",
        "<slot_multiple> = <num_99> [ and a half ] | <num_unit> point <num_unit>;",
    ]
