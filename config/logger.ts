import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, targets } from '@adonisjs/core/logger'

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: 'huddle',
      level: env.get('LOG_LEVEL'),
      redact: { paths: ['password', '*.password', 'password_confirmation', 'token'] },
      transport: {
        targets: targets()
          .pushIf(!app.inProduction && !app.inTest, targets.pretty())
          .pushIf(app.inProduction || app.inTest, targets.file({ destination: 1 }))
          .toArray(),
      },
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
