import { COMPANY_NAME } from './company-contact.ts';
import { LegalContact, LegalDocument, type LegalSection } from './legal-document.tsx';

const UPDATED = 'November 23, 2026';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        {COMPANY_NAME} (“FieldBid”, “we”, “us”) runs an online marketplace where property managers post
        maintenance requests and invite vendors, and vendors (maintenance contractors) bid on that work. This
        policy explains what personal information we collect when you use our website, our web app (including
        the installable version) and our related services, why we collect it, and the choices you have. It
        applies to visitors, applicants, property managers, vendors and their staff in the United States.
      </p>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run the marketplace:</p>
        <ul>
          <li>
            <strong>Account and application details.</strong> Name, business email address, phone number, job
            title, company name and address, employer identification number (EIN), number of employees, state
            of registration, trade or industry, and for property managers the building name and address.
          </li>
          <li>
            <strong>Vendor documents.</strong> The insurance certificate you upload (a PDF or image) and its
            expiry date, and the trades you work in.
          </li>
          <li>
            <strong>Marketplace activity.</strong> Maintenance requests and their descriptions, bids (amounts,
            estimated time, start dates), messages exchanged between managers and vendors, notifications, and
            the history of each job.
          </li>
          <li>
            <strong>Photos and property documentation.</strong> Photos attached to requests and completed
            work, floor plans and 360-degree panoramas of properties. These can show the inside of buildings;
            please do not upload images of people or of personal belongings that the job does not require.
          </li>
          <li>
            <strong>Payment information.</strong> Vendor subscriptions are paid through our payment provider,
            Stripe. Your card number and security code go directly to Stripe and never reach our servers. We
            keep the plan you chose, the amount, the subscription and customer identifiers Stripe gives us,
            and the subscription’s status.
          </li>
          <li>
            <strong>Messages you send us.</strong> What you write in the contact form or a demo request (name,
            email, phone, company and message).
          </li>
          <li>
            <strong>Email we send you.</strong> A copy of each service email (for example password,
            confirmation and notification emails), its recipient and whether it was delivered, so our support
            team can help when a message does not arrive.
          </li>
          <li>
            <strong>Security and technical records.</strong> For each sign-in session we keep the IP address
            and browser description, and we record failed sign-in attempts with their IP address to block
            password guessing. Passwords are stored only as salted hashes; session tokens and emailed links
            only as one-way fingerprints.
          </li>
        </ul>
        <p>
          We do not use advertising trackers or third-party analytics, and we do not buy personal information
          from data brokers.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How we use information',
    body: (
      <ul>
        <li>To review applications, create and secure accounts, and confirm email addresses.</li>
        <li>
          To run the marketplace: show requests to the vendors allowed to see them, deliver bids and messages,
          and keep each property’s maintenance history.
        </li>
        <li>To bill vendor subscriptions and keep their status up to date.</li>
        <li>
          To send service emails you need (sign-in links, confirmations, notifications about your jobs).
        </li>
        <li>To answer your questions and demo requests.</li>
        <li>To keep the service safe: prevent fraud, abuse and unauthorized access, and fix problems.</li>
        <li>
          To meet legal obligations, such as tax and accounting rules, and to enforce our Terms of Service.
        </li>
      </ul>
    ),
  },
  {
    id: 'who-sees-information',
    title: 'Who can see your information',
    body: (
      <>
        <ul>
          <li>
            <strong>Other users, as the marketplace requires.</strong> Vendors invited to a request, or
            working in its trade, see the request, its photos and the property address. Property managers see
            the company details of vendors who bid, their bids and their messages. A vendor sees only its own
            bids.
          </li>
          <li>
            <strong>Service providers</strong> who work for us under contract and only on our instructions:
            Stripe (payments), our hosting and storage providers, and our email delivery provider.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it or to protect the rights and safety of our
            users and the public.
          </li>
          <li>
            <strong>A successor</strong>, if FieldBid is merged or sold, under the same protections described
            here.
          </li>
        </ul>
        <p>We do not sell your personal information and we do not share it for cross-context advertising.</p>
      </>
    ),
  },
  {
    id: 'cookies-and-storage',
    title: 'Cookies and storage on your device',
    body: (
      <>
        <p>We use a small number of cookies, all needed for the service or for remembering your choice:</p>
        <ul>
          <li>
            <strong>fieldbid_session</strong>: keeps you signed in and holds an application in progress. It
            cannot be read by page scripts. It ends after 14 days without use (30 days at most) when signed
            in, or after a day without use (a week at most) before sign-in.
          </li>
          <li>
            <strong>csrftoken</strong>: protects your forms against cross-site request forgery. It lasts as
            long as your session.
          </li>
          <li>
            <strong>cookie-consent</strong>: remembers whether you chose “Necessary Only” or “Accept All” in
            the cookie banner, for 365 days. You can change your choice at any time through “Cookies Settings”
            at the bottom of our home page.
          </li>
        </ul>
        <p>
          The app also keeps your sign-in token in your browser’s local storage and, so that vendors can work
          at job sites without a connection, a copy of your jobs, requests, bids and messages, and any changes
          waiting to be sent, in your browser’s database on that device. Signing out clears them.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep information',
    body: (
      <ul>
        <li>
          Account, company and subscription records: while your account is open, then up to 7 years for tax,
          accounting and legal claims.
        </li>
        <li>
          Requests, bids, messages and photos: while the account that owns them is open, because they form the
          property’s maintenance history; the property manager’s company may ask us to delete them.
        </li>
        <li>Applications that are never completed: up to 90 days.</li>
        <li>
          Insurance certificates: while you are a vendor and for up to 3 years after, for disputes about work
          performed.
        </li>
        <li>Copies of service emails and contact messages: up to 2 years.</li>
        <li>Failed sign-in records: up to 30 days; ended sessions are removed soon after they expire.</li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We use encrypted connections, store passwords with a slow salted hash, keep only fingerprints of
        session tokens and emailed links, limit repeated sign-in attempts, and give staff access to personal
        information only when their work needs it. No service can promise perfect security; if we learn of a
        breach that affects you, we will tell you as the law requires.
      </p>
    ),
  },
  {
    id: 'your-choices-and-rights',
    title: 'Your choices and rights',
    body: (
      <>
        <p>
          You can see and correct most of your information in your account settings. Wherever you live in the
          United States, you may also ask us to:
        </p>
        <ul>
          <li>tell you what personal information we hold about you and give you a copy;</li>
          <li>correct it;</li>
          <li>delete it, except what we must keep for the reasons in “How long we keep information”;</li>
          <li>stop sending you emails that are not needed for the service.</li>
        </ul>
        <p>
          Residents of California, Colorado and other states with privacy laws have these rights by law, and
          may appeal a decision we make about a request. We will answer within 45 days, verify your identity
          before acting, and never treat you differently for using these rights. An authorized agent may ask
          on your behalf with your written permission.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        FieldBid is a service for businesses. It is not meant for anyone under 18, and we do not knowingly
        collect information from children.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the date at the top. If a change is significant, we will tell
        account holders by email or in the app before it takes effect.
      </p>
    ),
  },
  { id: 'contact', title: 'Contact us', body: <LegalContact topic="this policy or your information" /> },
];

/** /privacy-policy (linked from the landing page's footer). */
export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={UPDATED}
      sections={SECTIONS}
      intro={
        <p>
          Your information is used to run the FieldBid marketplace and nothing else: we do not sell it, and we
          do not use it for advertising. The sections below give the details.
        </p>
      }
    />
  );
}
