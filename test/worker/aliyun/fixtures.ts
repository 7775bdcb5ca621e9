/**
 * Test credentials the fake ROS endpoint (test/support/fake-ros-server.ts) knows. Plain values, no
 * imports: used by the Node global setup and by the tests inside workerd. None is a real key.
 */
export const ROS_TEST_KEY = Object.freeze({
  accessKeyId: "LTAI5tFakeRosTestKey01",
  accessKeySecret: "fakeRosSecret-9f3Kq7Zp2Lw8Xv4Nc6Bt",
});

export const ROS_TEST_STS_KEY = Object.freeze({
  accessKeyId: "STS.NTFakeRosStsKey02",
  accessKeySecret: "fakeRosStsSecret-4Hd8Ju2Mk6Pq0Rs5Tv",
  securityToken: "CAISfakeRosStsToken+/=0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
});
