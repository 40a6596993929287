import { test } from '@japa/runner'
test('boots', ({ assert }) => assert.isTrue(true))
