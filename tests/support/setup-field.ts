import type { SetupFieldView } from '#shared/schemas/setup-fields.ts';

/** A set-up wizard field: Telegram's empty required chat id, unless `over` says otherwise. */
export const setupField = (over: Partial<SetupFieldView>): SetupFieldView => ({
  node: 'Send',
  param: 'chatId',
  nodeType: 'Telegram',
  label: 'Chat ID',
  description: null,
  reason: 'required-empty',
  kind: 'text',
  current: null,
  example: null,
  idPattern: null,
  urlPattern: null,
  locatorMode: null,
  ...over,
});
