import { Form } from '@adonisjs/inertia/react'
import type { Data } from '~data'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { SavedIndicator } from '~/components/profile/saved_indicator'

/** Settings/AppSetting: the largest file and the files per post, within the server's maximums. */
export function UploadLimitsForm({ uploads }: { uploads: Data.Admin.UploadLimits }) {
  return (
    <Form
      route="admin.settings.uploads.update"
      options={{ preserveScroll: true }}
      setDefaultsOnSuccess
      className="grid gap-5"
      noValidate
      aria-label="Upload limits"
    >
      {(form) => (
        <>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field
              label="Largest file (MB)"
              error={form.errors.maxFileMb}
              hint={`Photos, videos and PDFs; at most ${uploads.serverMaxFileMb} MB on this server.`}
            >
              {(a) => (
                <Input
                  {...a}
                  name="maxFileMb"
                  type="number"
                  inputMode="decimal"
                  min={0.1}
                  step={0.1}
                  max={uploads.serverMaxFileMb}
                  required
                  defaultValue={uploads.maxFileMb}
                />
              )}
            </Field>
            <Field
              label="Files per post"
              error={form.errors.maxFilesPerPost}
              hint={`At most ${uploads.serverMaxFilesPerPost} on this server.`}
            >
              {(a) => (
                <Input
                  {...a}
                  name="maxFilesPerPost"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  max={uploads.serverMaxFilesPerPost}
                  required
                  defaultValue={uploads.maxFilesPerPost}
                />
              )}
            </Field>
          </div>
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={form.processing || !form.isDirty}>
              {form.processing ? 'Saving…' : 'Save upload limits'}
            </Button>
            <SavedIndicator show={form.recentlySuccessful} />
          </div>
        </>
      )}
    </Form>
  )
}
