/** `parley help`. */
export const usage = `parley — Parley agents as code

Usage: parley <command> [arguments] [options]

Commands:
  pull <agent>             Write the agent as a document to <agent>.json
                             --version draft|live|N  which one (default: draft)
                             -o, --out <file>        another file ('-' prints it)
  push <file>              Replace the agent's draft with the document in <file>
                             --agent <agent>         the agent (default: the file's name)
  diff <agent>             The draft's changes against the live version
  test <agent>             Run the agent's test suite; exits 1 when a test fails
                             --timeout <seconds>     wait at most this long (default: 600)
  publish <agent>          Publish the draft as a new version (the test gate applies)
                             --note <text>           what changed, for the Versions list
  versions <agent>         The published versions, newest first
  rollback <agent> <n>     Make version n live again (as a new version), at once
  help                     This text

Options for every command:
  --url <url>              The Parley server (default: $PARLEY_URL)
  --key <key>              An organization API key (default: $PARLEY_API_KEY; prefer the variable:
                           a flag shows in the process list)
  --json                   The server's answer as JSON, for scripts

Exit codes: 0 done, 1 a test failed or publishing was refused, 2 a wrong command line or
configuration, 3 the server could not be reached or refused the call (unknown key: 401, a scope
the key lacks: 403).

<agent> is the agent's id as the console shows it (e.g. support_1b2c…). A key needs agents:read
for pull, diff, versions and publish, agents:write for push and test, agents:publish for
publish and rollback.`;
