// Pictures of `ludeme lsp`'s answers in Monaco (the editor of VS Code), for the README:
// `docs/lsp-hover.png` (hover on `(is Line ..)`) and `docs/lsp-error.png` (a mistyped
// ludeme, its "did you mean" shown on hover). Everything shown comes from the server: the
// colours are its semantic tokens, the squiggles its diagnostics, the hovers its answers.
//
//   npm ci && node shot.js [path/to/ludeme] [out-dir]     (needs chromium)
const { spawn, execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const root = path.resolve(__dirname, "../..");
const ludeme = process.argv[2] || path.join(root, "target/release/ludeme");
const outDir = path.resolve(process.argv[3] || path.join(root, "docs"));

const TEXT = `// Three in a row on a small board.
(define "Three" (is Line 3))

(game "Lines"
    (players 2)
    (equipment {
        (board (square <Board>))
        (piece "Disc" Each)
    })
    (rules
        (play (mvoe Add (to (sites Empty))))
        (end (if ("Three") (result Mover Win)))
    )
)

(option "Board Size" <Board> args:{ <size> } {
    (item "3x3" <3> "A small board.")*
    (item "4x4" <4> "A larger board.")
})
`;

/** A minimal LSP client over the server's stdio. */
function client() {
  const proc = spawn(ludeme, ["lsp"], { stdio: ["pipe", "pipe", "inherit"] });
  let buf = Buffer.alloc(0);
  const waiting = [];
  const seen = [];
  proc.stdout.on("data", (d) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      const head = buf.indexOf("\r\n\r\n");
      if (head < 0) return;
      const len = Number(/Content-Length: (\d+)/.exec(buf.slice(0, head).toString())[1]);
      if (buf.length < head + 4 + len) return;
      const msg = JSON.parse(buf.slice(head + 4, head + 4 + len).toString());
      buf = buf.slice(head + 4 + len);
      seen.push(msg);
      waiting.splice(0).forEach((w) => w());
    }
  });
  const send = (m) => {
    const body = JSON.stringify({ jsonrpc: "2.0", ...m });
    proc.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  };
  const until = async (pred) => {
    for (;;) {
      const i = seen.findIndex(pred);
      if (i >= 0) return seen.splice(i, 1)[0];
      await new Promise((r) => waiting.push(r));
    }
  };
  let id = 0;
  return {
    proc,
    notify: (method, params) => send({ method, params }),
    request: async (method, params) => {
      const my = ++id;
      send({ id: my, method, params });
      return (await until((m) => m.id === my)).result;
    },
    diagnostics: (uri) => until((m) => m.method === "textDocument/publishDiagnostics" && m.params.uri === uri),
  };
}

function where(text, needle, shift) {
  const at = text.indexOf(needle) + shift;
  const before = text.slice(0, at).split("\n");
  return { line: before.length - 1, character: before[before.length - 1].length };
}

async function main() {
  const c = client();
  const init = await c.request("initialize", { capabilities: {}, initializationOptions: { debounceMs: 0 } });
  c.notify("initialized", {});
  const uri = "file:///lines.lud";
  c.notify("textDocument/didOpen", { textDocument: { uri, languageId: "ludii", version: 1, text: TEXT } });
  const diagnostics = (await c.diagnostics(uri)).params.diagnostics;
  const tokens = await c.request("textDocument/semanticTokens/full", { textDocument: { uri } });
  const hoverAt = where(TEXT, "(is Line", 5);
  const hover = await c.request("textDocument/hover", { textDocument: { uri }, position: hoverAt });
  const errorAt = where(TEXT, "(mvoe", 2);
  await c.request("shutdown", null);
  c.notify("exit", null);
  if (!hover || !diagnostics.length) throw new Error("the server gave no hover or no diagnostics");
  const legend = init.capabilities.semanticTokensProvider.legend;
  const shots = [
    { file: "lsp-hover.png", at: hoverAt, hover },
    { file: "lsp-error.png", at: errorAt, hover: null },
  ];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ludeme-shot-"));
  for (const shot of shots) {
    const page = path.join(tmp, shot.file.replace(".png", ".html"));
    fs.writeFileSync(page, html({ legend, tokens: tokens.data, diagnostics, shot }));
    const out = path.join(outDir, shot.file);
    execFileSync("chromium", [
      "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
      `--screenshot=${out}`, "--window-size=900,560", "--virtual-time-budget=6000",
      `file://${page}`,
    ], { stdio: "ignore" });
    console.log(`wrote ${out}`);
  }
}

function html({ legend, tokens, diagnostics, shot }) {
  const vs = path.join(__dirname, "node_modules/monaco-editor/min/vs");
  const data = { text: TEXT, legend, tokens, diagnostics, shot };
  return `<!doctype html><html><body style="margin:0;background:#fff">
<div id="editor" style="width:900px;height:560px"></div>
<script src="file://${vs}/loader.js"></script>
<script>
const D = ${JSON.stringify(data)};
require.config({ paths: { vs: "file://${vs}" } });
require(["vs/editor/editor.main"], function () {
  monaco.languages.register({ id: "ludii" });
  monaco.languages.registerDocumentSemanticTokensProvider("ludii", {
    getLegend: () => D.legend,
    provideDocumentSemanticTokens: () => ({ data: new Uint32Array(D.tokens) }),
    releaseDocumentSemanticTokens: () => {},
  });
  monaco.languages.registerHoverProvider("ludii", {
    provideHover: (model, pos) => {
      const s = D.shot;
      if (!s.hover || pos.lineNumber !== s.at.line + 1) return null;
      return { contents: [{ value: s.hover.contents.value }] };
    },
  });
  monaco.editor.defineTheme("ludeme", {
    base: "vs", inherit: true, colors: {},
    rules: [
      { token: "function", foreground: "795E26" }, { token: "enumMember", foreground: "0070C1" },
      { token: "parameter", foreground: "001080" }, { token: "string", foreground: "A31515" },
      { token: "comment", foreground: "008000" }, { token: "number", foreground: "098658" },
      { token: "macro", foreground: "AF00DB" }, { token: "typeParameter", foreground: "267F99" },
    ],
  });
  const editor = monaco.editor.create(document.getElementById("editor"), {
    value: D.text, language: "ludii", theme: "ludeme", "semanticHighlighting.enabled": true,
    minimap: { enabled: false }, fontSize: 14, lineNumbers: "on", renderLineHighlight: "none",
    scrollBeyondLastLine: false, hover: { delay: 0 },
  });
  const sev = { 1: monaco.MarkerSeverity.Error, 2: monaco.MarkerSeverity.Warning, 3: monaco.MarkerSeverity.Info };
  monaco.editor.setModelMarkers(editor.getModel(), "ludeme", D.diagnostics.map((d) => ({
    severity: sev[d.severity] || monaco.MarkerSeverity.Hint, message: d.message, source: "ludeme",
    startLineNumber: d.range.start.line + 1, startColumn: d.range.start.character + 1,
    endLineNumber: d.range.end.line + 1, endColumn: d.range.end.character + 1,
  })));
  const at = { lineNumber: D.shot.at.line + 1, column: D.shot.at.character + 1 };
  editor.setPosition(at);
  editor.focus();
  setTimeout(() => editor.trigger("shot", "editor.action.showHover", {}), 300);
});
</script></body></html>`;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
