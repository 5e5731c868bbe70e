/**
 * The local stand-ins for the providers, for other projects' specs (`@beacon/dispatch-worker/testing`;
 * never in the package's index): a fake Twilio API that signs its callbacks, a webhook endpoint (http
 * or https) for Teams and Slack, a push service (https) that decrypts what it is sent, and a throwaway
 * certificate for 127.0.0.1.
 */
export { FakeTwilioServer, gatherActionOf, type CallbackAnswer, type FakeStatusCallback, type FakeTwilioCreate, type PostOptions } from '../channels/twilio/testing/fake-twilio-server';
export { simulatedConferenceAnswer, type SimulatedConferenceAnswer } from '../channels/simulator/simulated-conference.provider';
export { LocalWebhookEndpoint, type EndpointAnswer, type ReceivedPost } from '../channels/webhook/testing/local-webhook-endpoint';
export { selfSignedCertificate, type SelfSignedCertificate } from '../channels/push/testing/self-signed-certificate';
export { FakePushService, type FakePushRequest } from '../channels/push/testing/fake-push-service';
