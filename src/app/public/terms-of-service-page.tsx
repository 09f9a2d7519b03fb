import { COMPANY_NAME } from './company-contact.ts';
import { LegalContact, LegalDocument, type LegalSection } from './legal-document.tsx';

const UPDATED = 'November 23, 2026';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'agreement',
    title: 'The agreement',
    body: (
      <p>
        These terms are an agreement between you and {COMPANY_NAME} (“FieldBid”, “we”, “us”) for the use of
        the FieldBid website, web app and related services (the “Service”). If you use the Service for a
        company, you accept these terms for that company and confirm that you may do so. If you do not agree,
        do not use the Service. Our <a href="/privacy-policy">Privacy Policy</a> explains how we handle
        personal information.
      </p>
    ),
  },
  {
    id: 'the-service',
    title: 'What FieldBid does',
    body: (
      <>
        <p>
          FieldBid connects property managers, who post maintenance requests for the properties they manage,
          with vendors, who bid on and perform that work. The Service also keeps photo documentation and the
          maintenance history of each property.
        </p>
        <p>
          FieldBid is not a party to the work agreed between a property manager and a vendor. We do not employ
          vendors, supervise their work or guarantee its quality, price or completion. Property managers
          choose vendors at their own discretion and should check licenses, insurance and references as they
          would for any contractor.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <ul>
        <li>You must be at least 18 and use the Service for business purposes.</li>
        <li>The information in your application and account must be accurate and kept up to date.</li>
        <li>
          Keep your password and any API key secret. You are responsible for what happens under your account;
          tell us at once if you think someone else has used it.
        </li>
        <li>We may refuse an application, or ask for more information before approving it.</li>
      </ul>
    ),
  },
  {
    id: 'vendors',
    title: 'Vendor obligations',
    body: (
      <ul>
        <li>
          Hold every license, registration and permit your work requires, and keep general liability insurance
          in force. The certificate you upload must be genuine and current; replace it before it expires.
        </li>
        <li>Bid only on work you intend and are qualified to do, at the price and timing you state.</li>
        <li>
          Perform accepted work with reasonable skill and care, in line with applicable law, building codes
          and safety rules.
        </li>
        <li>
          Do not ask property managers to move a job found on FieldBid off the Service to avoid its terms.
        </li>
      </ul>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Vendor subscriptions and payment',
    body: (
      <ul>
        <li>
          Vendors pay a subscription, monthly or yearly, at the price shown when they apply. Payment is taken
          by our payment provider, Stripe, and renews automatically at the end of each period until cancelled.
        </li>
        <li>
          You may cancel at any time; the subscription then ends at the close of the period already paid.
          Except where the law requires otherwise, payments are not refunded for partial periods.
        </li>
        <li>
          If a payment fails we may limit the account until it is paid. We will give at least 30 days’ notice
          by email before a price change applies to your subscription.
        </li>
        <li>Prices do not include taxes; you are responsible for any taxes that apply.</li>
      </ul>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <>
        <p>
          You keep ownership of what you upload or write: requests, photos, floor plans, panoramas, bids and
          messages (“Content”). You give FieldBid a non-exclusive, worldwide, royalty-free license to host,
          copy, process and display your Content only as needed to run and improve the Service, including
          showing it to the other users a request involves.
        </p>
        <p>
          Upload only Content you have the right to share. Photos of properties must not show people, personal
          documents or belongings beyond what the job requires. We may remove Content that breaks these terms.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>break the law, or post false, misleading, abusive or discriminatory Content;</li>
          <li>harass other users or use their contact details for anything but the jobs you share;</li>
          <li>
            try to reach data or accounts that are not yours, or test the Service’s security without our
            written permission;
          </li>
          <li>overload the Service, or copy it in bulk by automated means other than the API we provide;</li>
          <li>resell or sublicense access to the Service.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: (
      <p>
        You may close your account at any time. We may suspend or close an account that breaks these terms,
        puts other users at risk, or has unpaid fees, with notice where that is reasonable. Sections that by
        their nature should survive (content licenses needed to keep records, payment owed, disclaimers,
        limits of liability and disputes) survive the end of this agreement.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        The Service is provided “as is” and “as available”. To the extent the law allows, FieldBid disclaims
        all warranties, express or implied, including merchantability, fitness for a particular purpose and
        non-infringement. We do not warrant that the Service will be uninterrupted or error-free, or that work
        arranged through it will meet your expectations.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, FieldBid is not liable for indirect, incidental, special, consequential
        or punitive damages, lost profits or lost data, or for the acts of property managers, vendors or other
        users. Our total liability for any claim about the Service is limited to the greater of the amounts
        you paid us in the 12 months before the claim and one hundred US dollars.
      </p>
    ),
  },
  {
    id: 'indemnity',
    title: 'Indemnity',
    body: (
      <p>
        You will defend and indemnify FieldBid against claims by third parties arising from your Content, your
        work or your breach of these terms, including reasonable legal fees.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and disputes',
    body: (
      <p>
        These terms are governed by the laws of the State of Colorado, without regard to its conflict-of-law
        rules. Any dispute will be decided by the state or federal courts located in Denver, Colorado, and
        both parties consent to their jurisdiction. Before filing a claim, please contact us so we can try to
        resolve it informally within 30 days.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We will change the date at the top and, for significant changes, tell
        account holders by email or in the app at least 30 days before they take effect. Continuing to use the
        Service after that means you accept the new terms.
      </p>
    ),
  },
  { id: 'contact', title: 'Contact us', body: <LegalContact topic="these terms" /> },
];

/** /terms-of-service (linked from the landing page's footer). */
export function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated={UPDATED}
      sections={SECTIONS}
      intro={
        <p>
          Please read these terms before using FieldBid. They cover your account, vendor subscriptions, the
          content you share and the limits of our responsibility for work arranged through the marketplace.
        </p>
      }
    />
  );
}
