/**
 * The session's row and, in the same query, the row of the user it is
 * tagged with (`user_id`, set at sign-in: the user the session guard will
 * ask for), as `select * from users` gives it. On PostgreSQL the join
 * casts the tag only when it is a user id (the tag is text), so the
 * primary key is used.
 */
const SESSION_COLUMNS = 's.data AS huddle_session_data, s.expires_at AS huddle_session_expires_at'
export const SESSION_WITH_USER_SQL = {
  sqlite: `SELECT ${SESSION_COLUMNS}, u.* FROM sessions AS s
  LEFT JOIN users AS u ON u.id = s.user_id WHERE s.id = ? LIMIT 1`,
  pg: `SELECT ${SESSION_COLUMNS}, u.* FROM sessions AS s
  LEFT JOIN users AS u ON u.id = CASE WHEN s.user_id ~ '^[0-9]{1,9}$' THEN CAST(s.user_id AS integer) END
  WHERE s.id = ? LIMIT 1`,
}
