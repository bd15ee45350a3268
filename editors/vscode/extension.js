// The client: starts `ludeme lsp` (the `ludeme.path` setting names the program) for Ludii
// descriptions (`.lud`, `.def`) and passes it `ludeme.debounceMs`.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

/** The server's command and the client's options, from the settings. */
function serverSetup(config) {
  const command = config.get("path") || "ludeme";
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  const options = {
    documentSelector: [
      { scheme: "file", language: "ludii" },
      { scheme: "untitled", language: "ludii" },
    ],
    initializationOptions: { debounceMs: config.get("debounceMs") },
  };
  return { server, options };
}

function activate(context) {
  const { server, options } = serverSetup(vscode.workspace.getConfiguration("ludeme"));
  client = new LanguageClient("ludeme", "ludeme", server, options);
  context.subscriptions.push(client);
  return client.start().catch((e) => {
    vscode.window.showErrorMessage(
      `ludeme: could not start \`${server.command} lsp\` (set "ludeme.path"): ${e.message || e}`
    );
  });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, serverSetup };
