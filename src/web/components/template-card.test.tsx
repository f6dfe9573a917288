import { render, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { card } from '#tests/support/web/dashboard-fixtures.tsx';
import { TemplateCard } from './template-card.tsx';

describe('the one template card', () => {
  it('for a visitor: kicker, title link, summary and apps, without the members’ facts or buttons', () => {
    // As the server renders it for /library: no router, nothing hydrates.
    const html = renderToStaticMarkup(<TemplateCard card={card()} />);
    const host = document.createElement('div');
    host.innerHTML = html;
    const article = within(host).getByTestId('automation-card');
    const c = within(article);
    expect(c.getByRole('heading', { level: 2 }).textContent).toBe('Lead router');
    expect(c.getByRole('link', { name: 'Lead router' }).getAttribute('href')).toBe('/automation/lead-router');
    expect(article.textContent).toContain('Business Process');
    expect(article.textContent).toContain('Intermediate');
    expect(article.textContent).toContain('6 nodes');
    expect(c.getByRole('list', { name: 'Apps used' })).toBeDefined();
    expect(c.queryByRole('list', { name: 'Tags' })).toBeNull();
    expect(c.queryByRole('button')).toBeNull();
    expect(article.textContent).not.toContain('out of 5');
    expect(article.textContent).not.toContain('Grace Hopper');
    expect(article.textContent).not.toContain('Not deployable as it is');
  });

  it('says when the workflow cannot run as it is (decision 0023), for visitors and members alike', () => {
    render(<TemplateCard card={card({ readiness: 'blocked', deployable: false })} memberFacts />);
    expect(within(screen.getByTestId('automation-card')).getByText('Not deployable as it is')).toBeDefined();
  });

  it('for a member: the facts and the buttons passed in', () => {
    render(
      <TemplateCard
        card={card()}
        headingLevel={3}
        memberFacts
        actions={<button type="button">Save Lead router to collections</button>}
      />,
    );
    const c = within(screen.getByTestId('automation-card'));
    expect(c.getByRole('heading', { level: 3 }).textContent).toBe('Lead router');
    expect(c.getByText('12 uses')).toBeDefined();
    expect(c.getByRole('list', { name: 'Tags' })).toBeDefined();
    expect(c.getByText('Grace Hopper')).toBeDefined();
    expect(c.getByRole('button', { name: 'Save Lead router to collections' })).toBeDefined();
  });
});
