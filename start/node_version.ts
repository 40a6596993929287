/*
|--------------------------------------------------------------------------
| Node.js version guard
|--------------------------------------------------------------------------
|
| Huddle needs Node.js 24 or newer. On linux-x64, `npm install` brings it
| as node_modules/.bin/node and every npm script uses it.
|
*/
const major = Number(process.versions.node.split('.')[0])

if (major < 24) {
  console.error(
    `Huddle needs Node.js 24 or newer; this is Node.js ${process.versions.node}.\n` +
      'Start it through npm (`npm start`, `npm run dev`, `npm test`, `npm run ace -- <command>`), ' +
      'which uses the Node 24 installed in node_modules/.bin, or install Node.js 24 yourself.'
  )
  process.exit(1)
}
