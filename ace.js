/*
|--------------------------------------------------------------------------
| JavaScript entrypoint for running ace commands
|--------------------------------------------------------------------------
|
| Run it through npm (`npm run ace -- <command>`) so the Node 24 binary from
| node_modules/.bin is used.
|
*/
import '@poppinss/ts-exec'
await import('./bin/console.js')
