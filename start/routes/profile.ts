import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

void router
void middleware
