import { Global, Module } from '@nestjs/common';
import { DirectUploadSigner, loadStorageSigningSecret, uploadsDirectory } from '@beacon/file-storage';
import { IdempotencyKeyInterceptor, PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { CredentialStore } from './accounts/credential-store';
import { OneTimeTokens } from './accounts/one-time-tokens';
import { SignInThrottle } from './accounts/sign-in-throttle';
import { UserCommands } from './accounts/user-commands';
import { UserLookup } from './accounts/user-lookup';
import { ContactFields } from './contact-fields';
import { CustomerGroupAccess } from './customer-group-access';
import { EMAIL_CHANNEL } from './email/email-channel';
import { EmailSuppressions } from './email/email-suppressions';
import { EMAIL_TRANSPORT, type EmailTransport } from './email/email-transport';
import { MailFolderTransport } from './email/outbox/mail-folder';
import { OutboxEmailChannel } from './email/outbox/outbox-email.channel';
import { SmtpEmailTransport } from './email/smtp/smtp-email.transport';
import { FileUploads } from './uploads/file-uploads';
import { ReadModelsCaughtUp } from './read-models-caught-up';
import { RecordedUploads } from './uploads/recorded-uploads';
import { UploadKinds } from './uploads/upload-kinds';

const SHARED = [
  IdempotencyKeyInterceptor,
  CustomerGroupAccess,
  ContactFields,
  CredentialStore,
  SignInThrottle,
  UserLookup,
  UserCommands,
  OneTimeTokens,
  EmailSuppressions,
  FileUploads,
  RecordedUploads,
  UploadKinds,
  ReadModelsCaughtUp,
];

/**
 * What the command side's features share, given once to all of them: the idempotency keys of every
 * command route, who may reach which customer group, the user accounts (credentials, lookups, the
 * sign-in throttle, one-time tokens) that users and sessions both write, the email channel (with its
 * transport and the suppression list), and the
 * upload machinery every kind of upload goes through.
 */
@Global()
@Module({
  providers: [
    ...SHARED,
    { provide: EMAIL_CHANNEL, useClass: OutboxEmailChannel },
    {
      // SMTP when SMTP_URL is set, else the mail folder under DATA_DIR (the embedded default).
      provide: EMAIL_TRANSPORT,
      inject: [PLATFORM_CONFIG],
      useFactory: (config: PlatformConfig): EmailTransport => (config.smtp ? new SmtpEmailTransport(config.smtp) : new MailFolderTransport(config.dataDir)),
    },
    {
      provide: DirectUploadSigner,
      inject: [PLATFORM_CONFIG],
      useFactory: async (config: PlatformConfig) =>
        new DirectUploadSigner(await loadStorageSigningSecret({ uploadsDir: uploadsDirectory(config.dataDir), configuredSecret: config.storageSigningSecret })),
    },
  ],
  exports: [...SHARED, EMAIL_CHANNEL, DirectUploadSigner],
})
export class CommandSharedModule {}
