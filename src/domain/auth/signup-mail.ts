// The two letters a sign-up can send. The form answers the same either way ("check your email"),
// so only the owner of the address learns whether it already has an account.

export type Letter = { subject: string; text: string };

export function confirmationLetter(name: string, link: string): Letter {
  return {
    subject: "Confirm your Loadline account",
    text: `Hello ${name},\n\nConfirm your email address to finish creating your Loadline account:\n\n${link}\n\nThe link works for 48 hours. If you did not sign up, ignore this email and nothing will happen.\n`,
  };
}

export function alreadyRegisteredLetter(signInLink: string): Letter {
  return {
    subject: "You already have a Loadline account",
    text: `Hello,\n\nSomeone tried to create a Loadline account with this email address, which already has one.\n\nIf it was you, sign in instead:\n\n${signInLink}\n\nIf it was not you, you can ignore this email: nothing has changed.\n`,
  };
}
