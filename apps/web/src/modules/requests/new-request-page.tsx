import { useState } from 'react';
import {
  Alert,
  Button,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { limits } from '@copro/domain';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../app/notify';
import { useBuildingShell } from '../../app/shell/building-context';
import { FormActions } from '../../ui/form-actions';
import { issuesToErrors, serverErrors } from '../../ui/form-validation';
import { Page } from '../../ui/page';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { ButtonLink } from '../../ui/router-link';
import { useForm } from '../../ui/use-form';
import { TagBadge } from './request-bits';
import { useRequestFormOptions, useRequestWrites } from './requests-api';
import { emptyRequestValues, prepareNewRequest } from './request-values';

/**
 * A new request. Owners, residents and approvers make their own: a title, what happens, their
 * unit and (when the building requires it) a tag. Handlers also say who it is for (someone outside
 * Copro, by name and email; else themselves) and who handles it.
 */
export function NewRequestPage() {
  const { t } = useTranslation();
  const { building, can, href } = useBuildingShell();
  const ref = building.buildingRef;
  const navigate = useNavigate();
  const options = useRequestFormOptions(ref);
  const { create } = useRequestWrites(ref);
  const handles = can('requests.handle');
  const [tags, setTags] = useState<string[]>([]);
  const form = useForm({ initialValues: emptyRequestValues, validate: () => ({}) });

  if (options.error) return <QueryError error={options.error} onRetry={() => void options.refetch()} />;
  if (!options.data) return <PageLoader />;
  const { tagsMandatory } = options.data;
  const tagOptions = options.data.tags;

  const submit = form.onSubmit((values) => {
    const prepared = prepareNewRequest(values, tags, { handles, tagsMandatory });
    if (!prepared.input) {
      form.setErrors(issuesToErrors(prepared.issues));
      return;
    }
    create.mutate(prepared.input, {
      onSuccess: (made) => void navigate({ href: href(`requests/all/${made.uuid}`) }),
      onError: (error) => {
        form.setErrors(serverErrors(error));
        notifyError(error, t('requests.errors.create'));
      },
    });
  });

  return (
    <Page title={t('requests.form.title')}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={720}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('requests.fields.title')}
              required
              maxLength={160}
              {...form.textProps('title')}
            />
            <Textarea
              label={t('requests.fields.description')}
              autosize
              minRows={4}
              maxLength={limits.longText}
              {...form.textProps('description')}
            />
            <Select
              label={t('requests.fields.unit')}
              placeholder={t('requests.fields.noUnit')}
              data={options.data.units.map((u) => ({ value: u.uuid, label: u.number }))}
              value={form.values.unitUuid || null}
              onChange={(value) => form.setFieldValue('unitUuid', value ?? '')}
              error={form.errors.unitUuid}
              clearable
              searchable
            />
            {tagsMandatory && tagOptions.length === 0 ? (
              <Alert color="orange">{t('requests.form.noTagsYet')}</Alert>
            ) : (
              <MultiSelect
                label={t('requests.fields.tags')}
                description={tagsMandatory ? t('requests.form.tagHint') : undefined}
                required={tagsMandatory}
                data={tagOptions.map((tag) => ({ value: tag.uuid, label: tag.name }))}
                renderOption={({ option }) => {
                  const tag = tagOptions.find((x) => x.uuid === option.value);
                  return tag ? <TagBadge tag={tag} /> : option.label;
                }}
                value={tags}
                onChange={(value) => {
                  setTags(value);
                  form.setErrors(({ tags: _cleared, ...rest }) => rest);
                }}
                error={form.errors.tags}
                searchable
              />
            )}
            {handles && (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('requests.fields.requesterName')}
                    placeholder={t('requests.fields.requesterMe')}
                    {...form.textProps('requesterName')}
                  />
                  <TextInput
                    label={t('requests.fields.requesterEmail')}
                    type="email"
                    {...form.textProps('requesterEmail')}
                  />
                </SimpleGrid>
                <Select
                  label={t('requests.fields.assignee')}
                  placeholder={t('requests.list.nobody')}
                  data={options.data.handlers.map((h) => ({ value: h.id, label: h.name }))}
                  value={form.values.assigneeId || null}
                  onChange={(value) => form.setFieldValue('assigneeId', value ?? '')}
                  error={form.errors.assigneeId}
                  clearable
                  searchable
                />
              </>
            )}
            <FormActions errors={form.errors}>
              <ButtonLink variant="default" to={href('requests/all')}>
                {t('requests.form.cancel')}
              </ButtonLink>
              <Button type="submit" loading={create.isPending}>
                {t('requests.form.submit')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
