"""The site's generated reference pages: the CLI from its argparse parser, the HTTP API from
its OpenAPI schema, written at every build so that they never go stale.

MkDocs loads this file as a hook (``hooks:`` in mkdocs.yml) and adds the two pages to the
site; ``python tools/docs_reference.py cli|http`` prints one of them.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Iterator

CLI_PAGE = "reference/cli.md"
HTTP_PAGE = "reference/http.md"


def _cell(text: object) -> str:
    """Text fit for one cell of a Markdown table."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _prose(text: object) -> str:
    """Plain text as one Markdown line: brackets outside code spans escaped, so that
    ``hands[1][3]`` is not read as a link."""
    parts = _cell(text).split("`")
    return "`".join(p if i % 2 else p.replace("[", "\\[").replace("]", "\\]") for i, p in enumerate(parts))


def _subcommands(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help for choice in action._choices_actions}
            for name, sub in action.choices.items():
                sub.description = sub.description or helps.get(name)
                yield name, sub


def _argument_rows(parser: argparse.ArgumentParser) -> list[str]:
    rows = []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        if action.help == argparse.SUPPRESS:
            continue
        name = ", ".join(f"`{s}`" for s in action.option_strings) or f"`{action.metavar or action.dest}`"
        if action.choices is not None:
            value = _cell(" | ".join(f"`{c}`" for c in action.choices))
        elif action.nargs == 0:
            value = ""
        else:
            value = f"`{action.metavar or action.dest.upper()}`"
        default = action.default
        shown = "" if default in (None, False, "", argparse.SUPPRESS) or action.nargs == 0 else f"`{default}`"
        help_text = (action.help or "") % {"default": default, "prog": parser.prog} if action.help else ""
        rows.append(f"| {name} | {value} | {shown} | {_prose(help_text)} |")
    return rows


def _command_section(name: str, parser: argparse.ArgumentParser, depth: int) -> list[str]:
    lines = [f"{'#' * depth} `{parser.prog}`", ""]
    if parser.description:
        lines += [_prose(parser.description), ""]
    lines += ["```text", parser.format_usage().strip(), "```", ""]
    rows = _argument_rows(parser)
    if rows:
        lines += ["| argument | value | default | what |", "| --- | --- | --- | --- |", *rows, ""]
    if parser.epilog:
        lines += ["```text", parser.epilog.strip(), "```", ""]
    for sub_name, sub in _subcommands(parser):
        lines += _command_section(sub_name, sub, min(depth + 1, 4))
    return lines


def cli_page() -> str:
    """The command line's reference: every command and option, read from the parser itself."""
    from meksiko_solver.cli import build_parser

    parser = build_parser()
    lines = [
        "# Command-line reference",
        "",
        "Generated from the parser of `meksiko_solver.cli` at every build of this site, so it",
        "says what `meksiko-solver COMMAND --help` says. Bad input prints one line on standard",
        "error and exits with code 2.",
        "",
        "```text",
        parser.format_usage().strip(),
        "```",
        "",
    ]
    for name, sub in _subcommands(parser):
        lines += _command_section(name, sub, 2)
    return "\n".join(lines) + "\n"


def _type_of(schema: dict[str, Any]) -> str:
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name.lower()})"
    if "anyOf" in schema:
        return " or ".join(_type_of(s) for s in schema["anyOf"])
    if "enum" in schema:
        return " | ".join(f"`{json.dumps(v)}`" for v in schema["enum"])
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    kind = schema.get("type", "any")
    if kind == "array":
        return f"list of {_type_of(schema.get('items', {}))}"
    if kind == "object" and "additionalProperties" in schema and isinstance(schema["additionalProperties"], dict):
        return f"object of {_type_of(schema['additionalProperties'])}"
    bounds = [f"{key} {schema[key]:g}" for key in ("minimum", "maximum") if key in schema]
    return kind + (f" ({', '.join(bounds)})" if bounds else "")


def _schema_section(name: str, schema: dict[str, Any]) -> list[str]:
    lines = [f"### {name}", ""]
    if schema.get("description"):
        lines += [_prose(schema["description"]), ""]
    properties = schema.get("properties", {})
    if properties:
        required = set(schema.get("required", ()))
        lines += ["| field | type | required | default | what |", "| --- | --- | --- | --- | --- |"]
        for field, spec in properties.items():
            default = f"`{json.dumps(spec['default'], ensure_ascii=False)}`" if "default" in spec else ""
            lines.append(f"| `{field}` | {_cell(_type_of(spec))} | {'yes' if field in required else ''} | "
                         f"{_cell(default)} | {_prose(spec.get('description', ''))} |")
        lines.append("")
    elif "enum" in schema or "type" in schema:
        lines += [_cell(_type_of(schema)), ""]
    for example in schema.get("examples", [])[:1]:
        lines += ["Example:", "", "```json", json.dumps(example, ensure_ascii=False), "```", ""]
    return lines


def _body_ref(content: dict[str, Any]) -> str:
    schema = content.get("application/json", {}).get("schema", {})
    return _type_of(schema) if schema else ""


def http_page() -> str:
    """The HTTP API's reference: every route with its body and answers, from the app's OpenAPI schema."""
    from meksiko_api.app import create_app

    spec = create_app().openapi()
    lines = [
        "# HTTP API reference",
        "",
        "Generated from the service's OpenAPI schema (`meksiko_api.app.create_app().openapi()`)",
        "at every build of this site; a running service shows the same at `/docs`. Limits,",
        "errors and their `kind`s: [the service](../api.md).",
        "",
        _prose(spec["info"].get("description", "")),
        "",
        "## Routes",
        "",
    ]
    for path, operations in spec["paths"].items():
        for method, op in operations.items():
            lines += [f"### `{method.upper()} {path}`", "", f"**{_cell(op.get('summary', ''))}**", ""]
            if op.get("description"):
                lines += [op["description"].strip(), ""]
            body = op.get("requestBody")
            if body:
                lines += [f"Body: {_body_ref(body.get('content', {}))}", ""]
            answers: dict[str, list[str]] = {}  # one row for the statuses of one answer (the errors)
            for status, response in op.get("responses", {}).items():
                answer = _body_ref(response.get("content", {})) or response.get("description", "")
                answers.setdefault(_cell(answer), []).append(status)
            lines += ["| status | answer |", "| --- | --- |"]
            lines += [f"| {', '.join(statuses)} | {answer} |" for answer, statuses in answers.items()]
            lines.append("")
    lines += ["## Schemas", ""]
    for name, schema in sorted(spec["components"]["schemas"].items()):
        lines += _schema_section(name, schema)
    return "\n".join(lines) + "\n"


def on_files(files: Any, config: Any) -> Any:
    """MkDocs hook: add the generated pages to the site's files."""
    from mkdocs.structure.files import File

    for uri, make in ((CLI_PAGE, cli_page), (HTTP_PAGE, http_page)):
        files.append(File.generated(config, uri, content=make()))
    return files


if __name__ == "__main__":
    pages = {"cli": cli_page, "http": http_page}
    if len(sys.argv) != 2 or sys.argv[1] not in pages:
        sys.exit("usage: python tools/docs_reference.py cli|http")
    sys.stdout.write(pages[sys.argv[1]]())
