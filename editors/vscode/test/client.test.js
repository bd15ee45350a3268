// The client's setup, with stand-ins for the editor's `vscode` module and the language
// client (neither runs outside VS Code): it starts `ludeme lsp` over stdio for Ludii
// documents, from the settings, and says so when the program cannot start.
const test = require("node:test");
const assert = require("node:assert");
const Module = require("node:module");

const started = [];
const errors = [];
let failStart = false;
const fakes = {
  vscode: {
    workspace: {
      getConfiguration: () => ({ get: (k) => ({ path: "/opt/ludeme", debounceMs: 50 })[k] }),
    },
    window: { showErrorMessage: (m) => errors.push(m) },
  },
  "vscode-languageclient/node": {
    TransportKind: { stdio: 0 },
    LanguageClient: class {
      constructor(id, name, server, options) {
        Object.assign(this, { id, name, server, options });
      }
      start() {
        started.push(this);
        return failStart ? Promise.reject(new Error("ENOENT")) : Promise.resolve();
      }
      stop() {}
      dispose() {}
    },
  },
};
const load = Module._load;
Module._load = function (request, ...rest) {
  return fakes[request] || load.call(this, request, ...rest);
};
const extension = require("../extension.js");

test("the client starts `ludeme lsp` for Ludii documents", async () => {
  const context = { subscriptions: [] };
  await extension.activate(context);
  const c = started[0];
  assert.deepStrictEqual([c.server.command, c.server.args], ["/opt/ludeme", ["lsp"]]);
  assert.deepStrictEqual(
    c.options.documentSelector.map((s) => s.language),
    ["ludii", "ludii"]
  );
  assert.strictEqual(c.options.initializationOptions.debounceMs, 50);
  assert.strictEqual(context.subscriptions.length, 1);
  assert.deepStrictEqual(errors, []);
});

test("a program that cannot start is reported with the setting to change", async () => {
  failStart = true;
  await extension.activate({ subscriptions: [] });
  assert.match(errors[0], /could not start `\/opt\/ludeme lsp` \(set "ludeme.path"\): ENOENT/);
});

test("the package declares the language, the grammar and the settings", () => {
  const pkg = require("../package.json");
  const lang = pkg.contributes.languages[0];
  assert.deepStrictEqual(lang.extensions, [".lud", ".def"]);
  assert.strictEqual(pkg.contributes.grammars[0].scopeName, "source.ludii");
  assert.ok(pkg.contributes.configuration.properties["ludeme.path"]);
});
