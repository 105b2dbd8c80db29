import type { HttpContext } from '@adonisjs/core/http'
import { myTasks } from '#queries/tasks/my_tasks'

export default class TasksController {
  async index({ inertia, auth }: HttpContext) {
    return inertia.render('tasks/index', await myTasks(auth.user!))
  }
}
