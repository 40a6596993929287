/*
|--------------------------------------------------------------------------
| Model hooks that reach beyond the model
|--------------------------------------------------------------------------
|
| A model imports nothing above it (docs/architecture.md "Where code goes"),
| so a hook that calls a service is registered here, on the model, for
| every process (web, console, tests). Same effect as a decorator hook.
|
*/
import db from '@adonisjs/lucid/services/db'
import Post from '#models/post'
import { postCreated } from '#services/post_search_index'

/** SQLite: new posts enter the search index in batches (app/services/post_search_index.ts). */
Post.boot()
Post.after('create', async (post) => {
  await postCreated(post.$trx ?? db.connection())
})
