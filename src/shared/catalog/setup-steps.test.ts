import { describe, expect, it } from 'vitest';
import { deriveSetupSteps, FIXED_SETUP_STEPS } from './setup-steps.ts';

describe('deriveSetupSteps', () => {
  it.each([
    [[], [...FIXED_SETUP_STEPS]],
    [
      [{ type: 'slackApi', name: 'Slack API', nodes: ['Post', 'Reply'] }],
      [...FIXED_SETUP_STEPS, 'Add a Slack API credential (used by Post, Reply).'],
    ],
    [
      [{ type: 'openAiApi', name: 'OpenAI API', nodes: ['Model'] }],
      [...FIXED_SETUP_STEPS, 'Add an OpenAI API credential (used by Model).'],
    ],
  ])('%#', (credentials, expected) => expect(deriveSetupSteps(credentials)).toEqual(expected));
  it('has five fixed steps', () => expect(FIXED_SETUP_STEPS).toHaveLength(5));
});
