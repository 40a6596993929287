import { BaseTransformer } from '@adonisjs/core/transformers'
import type { DashboardFigure } from '#queries/admin/dashboard'

/** One dashboard figure: its number, its definition and the list it counts (`Data.Admin.DashboardFigure`). */
export default class DashboardFigureTransformer extends BaseTransformer<DashboardFigure> {
  toObject() {
    const figure = this.resource
    return {
      key: figure.key,
      group: figure.group,
      label: figure.label,
      definition: figure.definition,
      value: figure.value,
      href: figure.href,
      linkLabel: figure.linkLabel,
    }
  }
}
