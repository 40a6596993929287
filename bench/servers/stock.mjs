// "Stock" (BENCHMARKS.md §3.4, S0 restated): a minimal AdonisJS 7 app with
// the stock session (database store, the same `sessions` table shape as the
// app's), shield (CSRF, CSP, the app's other shield headers) and auth
// (session guard, a Lucid user provider, the user row in SQLite) middleware,
// and no app code. S0 (the app's constant route) is measured against its
// signed-in constant route, in the same round (bench/run.mjs).
//
//   PORT=3447 STOCK_DB=tmp/bench-stock.sqlite node bench/servers/stock.mjs
//
// Routes:
//   GET /__bench/login?user=<id>  signs the user in (a session cookie), as the
//                                 starter kit's login would after the password check
//   GET /__bench/constant         the constant JSON, behind the `auth` middleware
//
// The app's middleware stack as the AdonisJS 7 starter kit writes it
// (start/kernel.ts): container bindings on the server; body parser, session,
// shield and auth initialisation on the router; `auth` on the route. The
// database (users, sessions) is created fresh on every start, with one user
// per id 1…STOCK_USERS (50 by default, as many as the bench's virtual users).
import 'reflect-metadata'
import { mkdirSync, rmSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { defineConfig as httpConfig } from '@adonisjs/core/http'
import { defineConfig as bodyParserConfig } from '@adonisjs/core/bodyparser'
import {
  defineConfig as encryptionConfig,
  drivers as encryptionDrivers,
} from '@adonisjs/core/encryption'
import { defineConfig as hashConfig, drivers as hashDrivers } from '@adonisjs/core/hash'
import { defineConfig as loggerConfig } from '@adonisjs/core/logger'
import { defineConfig as sessionConfig, stores } from '@adonisjs/session'
import { defineConfig as shieldConfig } from '@adonisjs/shield'
import { defineConfig as authConfig } from '@adonisjs/auth'
import { sessionGuard, sessionUserProvider } from '@adonisjs/auth/session'
import { defineConfig as dbConfig } from '@adonisjs/lucid'

// Its own application root, outside the app's: booted outside production,
// AdonisJS writes the routes' types under <root>/.adonisjs (the app's are
// generated from the app's routes, not these).
const ROOT = new URL('../../tmp/bench-stock-app/', import.meta.url)
mkdirSync(ROOT, { recursive: true })
// /__bench/login signs anyone in: this server only ever listens on loopback.
process.env.HOST = '127.0.0.1'
const DB_FILE = resolve(process.env.STOCK_DB ?? 'tmp/bench-stock.sqlite')
const USERS = Number(process.env.STOCK_USERS ?? 50)
const APP_KEY = process.env.APP_KEY ?? 'stock-bench-app-key-0123456789abcdef'

// ---- the database: the users and sessions tables, as the starter kit's migrations write them
mkdirSync(dirname(DB_FILE), { recursive: true })
for (const suffix of ['', '-wal', '-shm']) rmSync(DB_FILE + suffix, { force: true })
const setup = new Database(DB_FILE)
setup.pragma('journal_mode = WAL')
setup.exec(`
  CREATE TABLE users (
    id integer PRIMARY KEY AUTOINCREMENT,
    full_name varchar(255),
    email varchar(254) NOT NULL UNIQUE,
    password varchar(255) NOT NULL,
    created_at datetime NOT NULL,
    updated_at datetime
  );
  CREATE TABLE sessions (
    id varchar(255) PRIMARY KEY,
    data text NOT NULL,
    user_id varchar(255),
    expires_at datetime NOT NULL
  );
  CREATE INDEX sessions_user_id_index ON sessions (user_id);
  CREATE INDEX sessions_expires_at_index ON sessions (expires_at);
`)
const insert = setup.prepare(
  'INSERT INTO users (full_name, email, password, created_at) VALUES (?, ?, ?, ?)'
)
const now = new Date().toISOString()
for (let i = 1; i <= USERS; i++) insert.run(`User ${i}`, `user${i}@example.com`, 'not-used', now)
setup.close()

// ---- the app
/** The starter kit's container bindings middleware. */
class ContainerBindingsMiddleware {
  async handle(ctx, next) {
    const { HttpContext } = await import('@adonisjs/core/http')
    const { Logger } = await import('@adonisjs/core/logger')
    ctx.containerResolver.bindValue(HttpContext, ctx)
    ctx.containerResolver.bindValue(Logger, ctx.logger)
    return next()
  }
}

/** The starter kit's auth middleware. */
class AuthMiddleware {
  redirectTo = '/login'
  async handle(ctx, next, options = {}) {
    await ctx.auth.authenticateUsing(options.guards, { loginRoute: this.redirectTo })
    return next()
  }
}

/** The starter kit's User model (with `@column` written as `$addColumn`: plain JavaScript). */
let userClass = null
async function userModel() {
  if (userClass) return { default: userClass }
  const { BaseModel } = await import('@adonisjs/lucid/orm')
  class User extends BaseModel {
    static table = 'users'
  }
  User.boot()
  User.$addColumn('id', { isPrimary: true })
  User.$addColumn('fullName', {})
  User.$addColumn('email', {})
  User.$addColumn('password', { serializeAs: null })
  User.$addColumn('createdAt', {})
  User.$addColumn('updatedAt', {})
  userClass = User
  return { default: User }
}

const inProduction = process.env.NODE_ENV === 'production'
const config = {
  app: {
    appKey: APP_KEY,
    http: httpConfig({
      generateRequestId: true,
      allowMethodSpoofing: false,
      useAsyncLocalStorage: false,
      trustProxy: () => true,
      cookie: {
        domain: '',
        path: '/',
        maxAge: '2h',
        httpOnly: true,
        secure: inProduction,
        sameSite: 'lax',
      },
    }),
  },
  logger: loggerConfig({
    default: 'app',
    loggers: { app: { enabled: false, name: 'stock', level: 'error' } },
  }),
  encryption: encryptionConfig({
    default: 'app',
    list: { app: encryptionDrivers.aes256gcm({ id: 'app', keys: [APP_KEY] }) },
  }),
  hash: hashConfig({ default: 'scrypt', list: { scrypt: hashDrivers.scrypt({}) } }),
  bodyparser: bodyParserConfig({
    allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    form: { convertEmptyStringsToNull: true, types: ['application/x-www-form-urlencoded'] },
    json: { convertEmptyStringsToNull: true, types: ['application/json'] },
    multipart: { autoProcess: true, convertEmptyStringsToNull: true, processManually: [] },
  }),
  database: dbConfig({
    connection: 'sqlite',
    connections: {
      sqlite: {
        client: 'better-sqlite3',
        connection: { filename: DB_FILE },
        useNullAsDefault: true,
        pool: {
          // The same pragmas as the app's connection (config/database.ts).
          afterCreate: (conn, done) => {
            conn.pragma('journal_mode = WAL')
            conn.pragma('synchronous = NORMAL')
            conn.pragma('foreign_keys = ON')
            conn.pragma('busy_timeout = 5000')
            done(null, conn)
          },
        },
      },
    },
  }),
  session: sessionConfig({
    enabled: true,
    cookieName: 'adonis-session',
    clearWithBrowser: false,
    age: '2h',
    cookie: { path: '/', httpOnly: true, secure: inProduction, sameSite: 'lax' },
    store: 'database',
    stores: { database: stores.database({ tableName: 'sessions' }) },
  }),
  // The app's shield settings (config/shield.ts) without its own sources.
  shield: shieldConfig({
    csp: {
      enabled: true,
      directives: {
        defaultSrc: [`'self'`],
        scriptSrc: [`'self'`, '@nonce'],
        styleSrc: [`'self'`, `'unsafe-inline'`],
        imgSrc: [`'self'`, 'data:', 'blob:'],
        connectSrc: [`'self'`],
        objectSrc: [`'none'`],
        baseUri: [`'none'`],
        formAction: [`'self'`],
        frameAncestors: [`'none'`],
      },
      reportOnly: false,
    },
    csrf: {
      enabled: true,
      exceptRoutes: [],
      enableXsrfCookie: true,
      methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    },
    xFrame: { enabled: true, action: 'DENY' },
    hsts: { enabled: true, maxAge: '365 days', includeSubDomains: true },
    contentTypeSniffing: { enabled: true },
  }),
  auth: authConfig({
    default: 'web',
    guards: {
      web: sessionGuard({
        useRememberMeTokens: false,
        provider: sessionUserProvider({ model: userModel }),
      }),
    },
  }),
}

const IMPORTER = (filePath) => {
  if (filePath.startsWith('./') || filePath.startsWith('../'))
    return import(new URL(filePath, ROOT).href)
  return import(filePath)
}

new Ignitor(ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.rcContents({
      providers: [
        () => import('@adonisjs/core/providers/app_provider'),
        () => import('@adonisjs/core/providers/hash_provider'),
        () => import('@adonisjs/session/session_provider'),
        () => import('@adonisjs/shield/shield_provider'),
        () => import('@adonisjs/lucid/database_provider'),
        () => import('@adonisjs/auth/auth_provider'),
      ],
    })
    app.useConfig(config)
    app.booted(async () => {
      const router = await app.container.make('router')
      const server = await app.container.make('server')
      server.use([async () => ({ default: ContainerBindingsMiddleware })])
      router.use([
        () => import('@adonisjs/core/bodyparser_middleware'),
        () => import('@adonisjs/session/session_middleware'),
        () => import('@adonisjs/shield/shield_middleware'),
        () => import('@adonisjs/auth/initialize_auth_middleware'),
      ])
      const middleware = router.named({ auth: async () => ({ default: AuthMiddleware }) })
      const { default: User } = await userModel()

      router.get('/__bench/login', async ({ auth, request, response }) => {
        const user = await User.find(Number(request.input('user', 1)))
        if (!user) return response.notFound({ error: 'No such user' })
        await auth.use('web').login(user)
        return { id: user.id }
      })
      router.get('/__bench/constant', () => ({ hello: 'world' })).use(middleware.auth())
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .httpServer()
  .start()
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
