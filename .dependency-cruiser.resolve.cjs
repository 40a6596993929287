/**
 * How dependency-cruiser resolves this project's imports (its
 * `webpackConfig`, only the `resolve` part is read): the `#…` subpath
 * imports of package.json point at `.js` files that are `.ts` sources, and
 * the pages import `~/…` (inertia/tsconfig.json, vite.config.ts).
 */
const path = require('node:path')

module.exports = {
  resolve: {
    importsFields: ['imports'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    extensions: ['.ts', '.tsx', '.js', '.d.ts'],
    alias: {
      '~data': path.join(__dirname, '.adonisjs/client/data.d.ts'),
      '~': path.join(__dirname, 'inertia'),
    },
  },
}
