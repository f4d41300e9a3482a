<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="32" tileheight="32" tilecount="16" columns="4">
 <image source="terrain.png" width="128" height="128"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="snow"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="road"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="wall"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="volcano"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="volcano_erupting"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="tombstone"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="tent"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" value="castle"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="terrain" value="tree"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="terrain" value="rock"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="terrain" value="bridge"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="terrain" value="flowers"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="terrain" value="lava"/>
  </properties>
 </tile>
 <tile id="15" type="blank"/>
</tileset>
