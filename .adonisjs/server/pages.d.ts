import '@adonisjs/inertia/types'

import type React from 'react'
import type { Prettify } from '@adonisjs/core/types/common'

type ExtractProps<T> =
  T extends React.FC<infer Props>
    ? Prettify<Omit<Props, 'children'>>
    : T extends React.Component<infer Props>
      ? Prettify<Omit<Props, 'children'>>
      : never

declare module '@adonisjs/inertia/types' {
  export interface InertiaPages {
    'Auth/Login': ExtractProps<(typeof import('../../inertia/pages/Auth/Login.tsx'))['default']>
    'Errors/Forbidden': ExtractProps<(typeof import('../../inertia/pages/Errors/Forbidden.tsx'))['default']>
    'Errors/NotFound': ExtractProps<(typeof import('../../inertia/pages/Errors/NotFound.tsx'))['default']>
    'Home': ExtractProps<(typeof import('../../inertia/pages/Home.tsx'))['default']>
    'Welcome': ExtractProps<(typeof import('../../inertia/pages/Welcome.tsx'))['default']>
  }
}
