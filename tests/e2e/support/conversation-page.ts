import { expect, type Locator, type Page } from '@playwright/test';

/** A conversation (vendor route or the manager's messages screen), as the browser tests drive it. */
export class ConversationScreen {
  constructor(private readonly page: Page) {}

  get thread(): Locator {
    return this.page.getByRole('log', { name: 'Messages' });
  }

  get input(): Locator {
    return this.page.getByRole('textbox', { name: 'Message' });
  }

  get sendButton(): Locator {
    return this.page.getByRole('button', { name: 'Send message' });
  }

  async send(text: string): Promise<void> {
    await this.input.fill(text);
    await this.sendButton.click();
    // While the outbox hands the message over, its pending bubble and the server's copy may both
    // show for a moment; the send is done once no bubble waits and the server's copy is there.
    await expect(this.thread.getByTestId('pending-message')).toHaveCount(0);
    await expect(this.thread.getByText(text)).toBeVisible();
    await expect(this.input).toHaveValue('');
  }

  /** Sends each text while the server cannot take it: each waits on the device as a pending bubble. */
  async queue(texts: string[]): Promise<Locator> {
    for (const text of texts) {
      await this.input.fill(text);
      await this.sendButton.click();
      await expect(this.input).toHaveValue('');
    }
    const pending = this.thread.getByTestId('pending-message');
    await expect(pending).toHaveCount(texts.length);
    return pending;
  }
}
