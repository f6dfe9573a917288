import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExternalLink } from './external-link.tsx';
import { Button } from './ui/button.tsx';

describe('ExternalLink', () => {
  it('opens a new tab without our window and says so to screen readers', () => {
    render(<ExternalLink href="https://n8n.example.com/workflow/1">Open in n8n</ExternalLink>);
    const link = screen.getByRole('link');
    expect(link.textContent).toBe('Open in n8n (opens in a new tab)');
    expect(link.getAttribute('href')).toBe('https://n8n.example.com/workflow/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
  it('names what the link is about before the new-tab note', () => {
    render(
      <ExternalLink href="https://example.com/ada" srAbout="of Ada Lovelace">
        Website
      </ExternalLink>,
    );
    expect(screen.getByRole('link').textContent).toBe('Website of Ada Lovelace (opens in a new tab)');
  });
  it('takes a button look under Button asChild', () => {
    render(
      <Button asChild variant="outline">
        <ExternalLink href="https://n8n.example.com/">Fix it in your n8n</ExternalLink>
      </Button>,
    );
    const link = screen.getByRole('link');
    expect(link.textContent).toBe('Fix it in your n8n (opens in a new tab)');
    expect(link.className).toContain('border-slate-300');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
